// The API's import rules (docs/architecture.md, "Layers and table owners"), checked by
// `npm run lint` (scripts/check-imports.mjs, which also forbids cycles between modules). Specs
// beside the code may import what they test.
const MODULE = '^api/src/modules/([^/]+)/';
const NOT_SPEC = '\\.spec\\.ts$';
const FRONT_DOOR = '^api/src/modules/[^/]+/index\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Files that import each other cannot be layered: one of the imports must go.',
      severity: 'error',
      from: { path: '^api/src/', pathNot: NOT_SPEC },
      to: { circular: true },
    },
    {
      name: 'no-other-module-entities',
      comment:
        "A module alone reads and writes its tables: another module asks through the owner's " +
        'exported service, never through its entities.',
      severity: 'error',
      from: { path: MODULE, pathNot: NOT_SPEC },
      to: { path: '^api/src/modules/[^/]+/.*\\.entity\\.ts$', pathNot: '^api/src/modules/$1/' },
    },
    {
      name: 'no-entities-outside-their-module',
      comment:
        'Outside the modules, a table is reached through its module too: data sources opened ' +
        "outside the app take each module's declared list (src/entities.ts).",
      severity: 'error',
      from: { path: '^api/src/', pathNot: `^api/src/modules/|${NOT_SPEC}` },
      to: { path: '^api/src/modules/[^/]+/.*\\.entity\\.ts$' },
    },
    {
      name: 'no-other-module-internals',
      comment:
        'Another module is reached through its module file, exported services and public types, ' +
        'not its controllers, its personal-data handlers or its tests.',
      severity: 'error',
      from: { path: MODULE, pathNot: NOT_SPEC },
      to: {
        path: '^api/src/modules/[^/]+/.*\\.(controller|personal-data|spec)\\.ts$',
        pathNot: '^api/src/modules/$1/',
      },
    },
    {
      name: 'modules-only-through-their-front-door',
      comment:
        'Another module is reached through its index.ts alone (its module class, services, public ' +
        'types): what it does not export there is its own to change.',
      severity: 'error',
      from: { path: MODULE, pathNot: NOT_SPEC },
      to: {
        path: '^api/src/modules/',
        pathNot: ['^api/src/modules/$1/', FRONT_DOOR],
      },
    },
    {
      name: 'front-door-exports-no-entity',
      comment:
        "A module's index.ts never hands out its entities: others get plain types of their shape.",
      severity: 'error',
      from: { path: FRONT_DOOR },
      to: { path: '\\.entity\\.ts$' },
    },
    {
      name: 'app-reaches-modules-through-their-front-door',
      comment: 'The app, its commands and the web layer reach a module through its index.ts too.',
      severity: 'error',
      from: { path: '^api/src/', pathNot: `^api/src/modules/|${NOT_SPEC}` },
      to: { path: '^api/src/modules/', pathNot: FRONT_DOOR },
    },
    {
      name: 'common-and-database-import-no-module',
      comment: 'common/, database/ and lists/ sit below the modules, so they never import one.',
      severity: 'error',
      from: { path: '^api/src/(common|database|lists)/' },
      to: { path: '^api/src/modules/' },
    },
    {
      name: 'migrations-import-only-migrations',
      comment:
        'A migration runs as it was written, for ever: it carries fixed copies of the shapes it ' +
        'needs rather than importing code that may change.',
      severity: 'error',
      from: { path: '^api/src/database/migrations/' },
      to: { path: '^api/src/', pathNot: '^api/src/database/migrations/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|api/contracts)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'api/tsconfig.json' },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
