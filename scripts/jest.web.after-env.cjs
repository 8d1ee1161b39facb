// findBy and waitFor give up after 1 s by default: a busy machine can take longer than that to
// render an antd widget in jsdom, which is slowness, not a wrong answer. The test's own timeout
// (testTimeout in each front end's jest config) still bounds the whole test.
const { configure } = require('@testing-library/react');

configure({ asyncUtilTimeout: 15000 });
