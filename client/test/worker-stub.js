// Stands in for Vite's `?worker` imports in tests.
export default class WorkerStub {}
