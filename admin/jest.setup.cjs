// jsdom gaps the admin tables hit: antd measures the scrollbar with a pseudo-element style (for
// the 400px scrolling body), and CSV downloads go through object URLs.
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (elt) => getComputedStyle(elt);
URL.createObjectURL = () => 'blob:test';
URL.revokeObjectURL = () => {};
// antd's tables and tabs observe their size.
window.ResizeObserver = class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
