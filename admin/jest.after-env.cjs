/* global jest */
// antd renders slowly in jsdom on a shared machine: give queries and tests room.
const { configure } = require('@testing-library/react');

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(60000);
