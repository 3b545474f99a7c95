// Stands in for the ALTCHA widget in component tests: jsdom has no WebCrypto workers, so tests play
// the widget's part by dispatching its documented `statechange` events on <altcha-widget>.
globalThis.$altcha = { algorithms: new Map() };
export default {};
