"""Runs every check_* function of the checks_*.py modules beside this file against the API
server named by a kubeconfig, with the official Kubernetes Python client, and prints one JSON
line per check: {"check": name, "ok": bool, "detail": text, "seconds": float}.

    python3 harness.py KUBECONFIG [MODULE ...]
"""
import importlib
import inspect
import json
import os
import sys
import time
import traceback

from kubernetes import client, config


class Context:
    """What a check gets: API clients bound to the server, and namespaces to work in."""

    def __init__(self, kubeconfig):
        config.load_kube_config(config_file=kubeconfig)
        self.kubeconfig = kubeconfig
        self.api = client.ApiClient()
        self.core = client.CoreV1Api(self.api)
        self.apps = client.AppsV1Api(self.api)
        self._namespaces = set()

    def namespace(self, name):
        """Creates namespace `name` once and returns its name."""
        if name not in self._namespaces:
            self.core.create_namespace({'metadata': {'name': name}})
            self._namespaces.add(name)
        return name


def main():
    kubeconfig = sys.argv[1]
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, here)
    modules = sys.argv[2:] or sorted(f[:-3] for f in os.listdir(here) if f.startswith('checks_') and f.endswith('.py'))
    ctx = Context(kubeconfig)
    for module_name in modules:
        module = importlib.import_module(module_name)
        checks = [(n, f) for n, f in vars(module).items() if n.startswith('check_') and inspect.isfunction(f)]
        checks.sort(key=lambda item: item[1].__code__.co_firstlineno)
        for name, check in checks:
            started = time.monotonic()
            try:
                check(ctx)
                result = {'check': name, 'ok': True, 'detail': ''}
            except Exception:  # a failed check is reported, never fatal to the others
                result = {'check': name, 'ok': False, 'detail': traceback.format_exc()}
            result['seconds'] = round(time.monotonic() - started, 3)
            print(json.dumps(result), flush=True)


if __name__ == '__main__':
    main()
