// micropython32's hardware layer is the process: stdout and stderr (main.c). The core
// declares mp_hal_stdout_tx_strn etc. itself (py/mphal.h); this only keeps it from pulling
// in extmod/virtpin.h, which the sdist does not have (there are no pins here).
#define mp_hal_pin_obj_t void *
