// Stands in for CSS imports in tests.
export default {};
