// The part of React Router that the shell and the remotes share, as the `react-router-dom`
// singleton (see sharedSingletons in webpack.common.cjs). A shared module cannot be tree-shaken
// (the bundler cannot know what another build will import from it), so sharing the whole of
// react-router-dom put about 65 KiB gzip on the public page, most of it the data routers, which
// nothing here uses. Sharing this list instead lets webpack drop the rest.
//
// Every name a front end imports from 'react-router-dom' must be listed here: ESLint reads this
// export list and refuses any other import (eslint.config.mjs). Adding a name means rebuilding
// the shell too, since the shell's copy is the one the page uses.
export {
  BrowserRouter,
  Link,
  Navigate,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useSearchParams,
} from 'react-router';
