// Browser APIs that jsdom lacks and antd or React use.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  }),
});

// React's scheduler prefers MessageChannel; jsdom's keeps jest alive after the tests end.
globalThis.MessageChannel = class {
  constructor() {
    const port = () => ({ onmessage: null, postMessage: undefined, close() {} });
    this.port1 = port();
    this.port2 = port();
    this.port2.postMessage = (data) => setTimeout(() => this.port1.onmessage?.({ data }), 0);
    this.port1.postMessage = (data) => setTimeout(() => this.port2.onmessage?.({ data }), 0);
  }
};

// jsdom cannot compute styles of pseudo-elements and logs an error each time antd's dialogs
// measure the scrollbar that way; the element's own style is a fair answer in tests.
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element) => getComputedStyle(element);
