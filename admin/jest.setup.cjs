// jsdom gaps the admin hits beyond the shared set-up: CSV downloads go through object URLs.
URL.createObjectURL = () => 'blob:test';
URL.revokeObjectURL = () => {};
// antd's tables and tabs observe their size.
window.ResizeObserver = class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
