import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import {
  assert,
  CurrentGlobal,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  loadScriptNode,
  Module,
  ModuleFederation,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
} from '@module-federation/runtime-core';

/**
 * Hands the shell's Module Federation runtime to the remotes, which are built without one of
 * their own (`externalRuntime` in scripts/webpack.common.cjs): their remoteEntry.js reads it
 * from `_FEDERATION_RUNTIME_CORE` on the page's global object, so the page evaluates and
 * downloads one runtime instead of one per build (docs/architecture.md). Only the runtime's
 * functions a remote's own code calls are handed over (read from a remote's build), so the
 * shell's copy stays tree-shaken; Module Federation's own provider hands over all of it, which
 * made the shell's entry larger than the remote's copy it saved. A remote built so needs a shell
 * built so: a release of a remote loaded by an older shell fails to load, and the shell turns
 * to its previous version.
 */
export default function provideFederationRuntime(): ModuleFederationRuntimePlugin {
  return {
    name: 'provide-federation-runtime',
    beforeInit(args) {
      const global = CurrentGlobal as typeof CurrentGlobal & { _FEDERATION_RUNTIME_CORE?: object };
      global._FEDERATION_RUNTIME_CORE ??= {
        assert,
        CurrentGlobal,
        getGlobalFederationConstructor,
        getRemoteEntry,
        getRemoteInfo,
        helpers,
        loadScript,
        loadScriptNode,
        Module,
        ModuleFederation,
        registerGlobalPlugins,
        satisfy,
        setGlobalFederationConstructor,
        setGlobalFederationInstance,
      };
      return args;
    },
  };
}
