// jsdom gaps the admin hits beyond the shared set-up: CSV downloads go through object URLs.
URL.createObjectURL = () => 'blob:test';
URL.revokeObjectURL = () => {};
// antd's tables and tabs observe their size.
window.ResizeObserver = class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
// Media queries answered as on a desktop window of jsdom's width (1024 px), so antd shows the
// table columns it keeps for wider screens; a test of the phone layout answers them itself.
const base = window.matchMedia;
window.matchMedia = (query) => {
  const width = window.innerWidth;
  const min = /\(min-width:\s*(\d+)px\)/.exec(query);
  const max = /\(max-width:\s*(\d+(?:\.\d+)?)px\)/.exec(query);
  const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
  return { ...base(query), matches: Boolean(min || max) && matches };
};
