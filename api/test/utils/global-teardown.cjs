module.exports = require('./schema-templates.cjs').teardown;
