/* global jest */
// antd renders slowly in jsdom on a shared machine: give queries and tests room.
const { configure } = require('@testing-library/react');

configure({ asyncUtilTimeout: 15000 });
jest.setTimeout(120000);
