module.exports = require('./schema-templates.cjs').setup;
