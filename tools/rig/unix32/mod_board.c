// board, digitalio, microcontroller, supervisor, time and neopixel_write as C (board rig),
// with the API of the stand-ins in tools/rig/stubs/:
//
//   board            board_id "pybadge"; DISPLAY (static, as the board's display: its root
//                    group is a root pointer of the collector); the PyBadge pins the stand-in
//                    names, static Pin objects
//   digitalio        DigitalInOut (a 16-byte block: the pin, value, direction, pull),
//                    Direction.INPUT/OUTPUT and Pull.UP/DOWN as the stand-in's ints
//   microcontroller  nvm: a bytearray of 1 KB over a static C buffer (flash on the board:
//                    not on the heap), cpu (temperature, frequency, voltage), reset()
//   supervisor       ticks_ms() from the rig's clock, reload() -> rigdriver.reload(),
//                    set_next_code_file(f) -> rigdriver.next_code_file(f)
//   time             the rig's clock: it moves only when the app sleeps, STEP_MS a call,
//                    from (1 << 29) - 30000 ms (rig_ms, read as time.rig_ms)
//   neopixel_write   neopixel_write(pin, buf): no LEDs

#include <string.h>

#include "py/binary.h"
#include "py/objarray.h"
#include "py/objstr.h"
#include "py/runtime.h"

#include "rig.h"

bool rig_group_take(mp_obj_t group);
void rig_group_release(mp_obj_t group);

// ----- board: pins -------------------------------------------------------------------------

typedef struct _rig_pin_t {
    mp_obj_base_t base;
    qstr name;
} rig_pin_t;

static void pin_print(const mp_print_t *print, mp_obj_t self_in, mp_print_kind_t kind) {
    rig_pin_t *self = MP_OBJ_TO_PTR(self_in);
    mp_printf(print, "board.%q", self->name);
}

MP_DEFINE_CONST_OBJ_TYPE(
    rig_pin_type, MP_QSTR_Pin, MP_TYPE_FLAG_NONE,
    print, pin_print
    );

#define PIN(n) static const rig_pin_t pin_##n = {{&rig_pin_type}, MP_QSTR_##n}
PIN(BUTTON_CLOCK);
PIN(BUTTON_OUT);
PIN(BUTTON_LATCH);
PIN(NEOPIXEL);
PIN(SPEAKER);
PIN(SPEAKER_ENABLE);
PIN(LIGHT);

// ----- board: DISPLAY ------------------------------------------------------------------------

typedef struct _rig_display_t {
    mp_obj_base_t base;
    mp_float_t brightness;
    bool auto_refresh;
} rig_display_t;

MP_REGISTER_ROOT_POINTER(mp_obj_t rig_display_root_group);

static mp_obj_t display_refresh(size_t n_args, const mp_obj_t *args, mp_map_t *kw_args) {
    return mp_const_true;
}
static MP_DEFINE_CONST_FUN_OBJ_KW(display_refresh_obj, 1, display_refresh);

static const mp_rom_map_elem_t display_locals_table[] = {
    { MP_ROM_QSTR(MP_QSTR_refresh), MP_ROM_PTR(&display_refresh_obj) },
};
static MP_DEFINE_CONST_DICT(display_locals, display_locals_table);

static void display_attr(mp_obj_t self_in, qstr attr, mp_obj_t *dest) {
    rig_display_t *self = MP_OBJ_TO_PTR(self_in);
    if (dest[0] == MP_OBJ_NULL) {
        switch (attr) {
            case MP_QSTR_root_group: {
                mp_obj_t g = MP_STATE_VM(rig_display_root_group);
                dest[0] = g == MP_OBJ_NULL ? mp_const_none : g;
                return;
            }
            case MP_QSTR_brightness:
                dest[0] = mp_obj_new_float(self->brightness);
                return;
            case MP_QSTR_auto_refresh:
                dest[0] = mp_obj_new_bool(self->auto_refresh);
                return;
            case MP_QSTR_width:
                dest[0] = MP_OBJ_NEW_SMALL_INT(160);
                return;
            case MP_QSTR_height:
                dest[0] = MP_OBJ_NEW_SMALL_INT(128);
                return;
            case MP_QSTR_rotation:
                dest[0] = MP_OBJ_NEW_SMALL_INT(0);
                return;
        }
        dest[1] = MP_OBJ_SENTINEL; // methods
        return;
    }
    if (dest[1] == MP_OBJ_NULL) {
        return; // no delete
    }
    mp_obj_t value = dest[1];
    switch (attr) {
        case MP_QSTR_root_group: {
            // as the board (displayio_display_core_set_root_group): a group in another
            // group, or already shown (even by this display), is refused
            mp_obj_t old = MP_STATE_VM(rig_display_root_group);
            if (value != mp_const_none && !rig_group_take(value)) {
                mp_raise_ValueError(MP_ERROR_TEXT("Group already used"));
            }
            if (old != MP_OBJ_NULL && old != mp_const_none) {
                rig_group_release(old);
            }
            MP_STATE_VM(rig_display_root_group) = value;
            break;
        }
        case MP_QSTR_brightness: {
            mp_float_t b = mp_obj_get_float(value);
            if (b < 0 || b > 1) {
                mp_raise_ValueError(MP_ERROR_TEXT("brightness must be 0.0-1.0"));
            }
            self->brightness = b;
            break;
        }
        case MP_QSTR_auto_refresh:
            self->auto_refresh = mp_obj_is_true(value);
            break;
        default:
            return; // AttributeError
    }
    dest[0] = MP_OBJ_NULL;
}

MP_DEFINE_CONST_OBJ_TYPE(
    rig_display_type, MP_QSTR_Display, MP_TYPE_FLAG_NONE,
    attr, display_attr,
    locals_dict, &display_locals
    );

static rig_display_t display = {{&rig_display_type}, 1.0f, true};

// Built-in modules are not in sys.modules (MicroPython 1.23, CircuitPython alike), but
// cucumber.boardsetup, off CircuitPython, looks there for "board" (which the stand-in, a
// .mpy module, was): the board module puts itself there when first imported.
static mp_obj_t board_init(void) {
    extern const mp_obj_module_t rig_board_module;
    mp_map_lookup(&MP_STATE_VM(mp_loaded_modules_dict).map, MP_OBJ_NEW_QSTR(MP_QSTR_board),
        MP_MAP_LOOKUP_ADD_IF_NOT_FOUND)->value = MP_OBJ_FROM_PTR(&rig_board_module);
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_0(board_init_obj, board_init);

static const mp_rom_map_elem_t board_globals_table[] = {
    { MP_ROM_QSTR(MP_QSTR___name__), MP_ROM_QSTR(MP_QSTR_board) },
    { MP_ROM_QSTR(MP_QSTR___init__), MP_ROM_PTR(&board_init_obj) },
    { MP_ROM_QSTR(MP_QSTR_board_id), MP_ROM_QSTR(MP_QSTR_pybadge) },
    { MP_ROM_QSTR(MP_QSTR_DISPLAY), MP_ROM_PTR(&display) },
    { MP_ROM_QSTR(MP_QSTR_BUTTON_CLOCK), MP_ROM_PTR(&pin_BUTTON_CLOCK) },
    { MP_ROM_QSTR(MP_QSTR_BUTTON_OUT), MP_ROM_PTR(&pin_BUTTON_OUT) },
    { MP_ROM_QSTR(MP_QSTR_BUTTON_LATCH), MP_ROM_PTR(&pin_BUTTON_LATCH) },
    { MP_ROM_QSTR(MP_QSTR_NEOPIXEL), MP_ROM_PTR(&pin_NEOPIXEL) },
    { MP_ROM_QSTR(MP_QSTR_SPEAKER), MP_ROM_PTR(&pin_SPEAKER) },
    { MP_ROM_QSTR(MP_QSTR_SPEAKER_ENABLE), MP_ROM_PTR(&pin_SPEAKER_ENABLE) },
    { MP_ROM_QSTR(MP_QSTR_LIGHT), MP_ROM_PTR(&pin_LIGHT) },
};
static MP_DEFINE_CONST_DICT(board_globals, board_globals_table);

const mp_obj_module_t rig_board_module = {
    .base = { &mp_type_module },
    .globals = (mp_obj_dict_t *)&board_globals,
};
MP_REGISTER_MODULE(MP_QSTR_board, rig_board_module);

// ----- digitalio -----------------------------------------------------------------------------

typedef struct _rig_digitalinout_t {
    mp_obj_base_t base;
    const rig_pin_t *pin;
    bool value;
    uint8_t direction; // Direction.INPUT 0, OUTPUT 1
    uint8_t pull; // 0 None, Pull.UP 1, Pull.DOWN 2
} rig_digitalinout_t; // a 16-byte block, as digitalio_digitalinout_obj_t

extern const mp_obj_type_t rig_dio_type;

static mp_obj_t dio_make_new(const mp_obj_type_t *type, size_t n_args, size_t n_kw, const mp_obj_t *args) {
    mp_arg_check_num(n_args, n_kw, 1, 1, false);
    if (!mp_obj_is_type(args[0], &rig_pin_type)) {
        mp_raise_TypeError(MP_ERROR_TEXT("pin must be a board pin"));
    }
    rig_digitalinout_t *self = mp_obj_malloc(rig_digitalinout_t, &rig_dio_type);
    self->pin = MP_OBJ_TO_PTR(args[0]);
    return MP_OBJ_FROM_PTR(self);
}

static mp_obj_t dio_switch_to_output(size_t n_args, const mp_obj_t *pos_args, mp_map_t *kw_args) {
    enum { ARG_value, ARG_drive_mode };
    static const mp_arg_t allowed[] = {
        { MP_QSTR_value, MP_ARG_BOOL, {.u_bool = false} },
        { MP_QSTR_drive_mode, MP_ARG_OBJ, {.u_rom_obj = MP_ROM_NONE} },
    };
    mp_arg_val_t args[MP_ARRAY_SIZE(allowed)];
    mp_arg_parse_all(n_args - 1, pos_args + 1, kw_args, MP_ARRAY_SIZE(allowed), allowed, args);
    rig_digitalinout_t *self = MP_OBJ_TO_PTR(pos_args[0]);
    self->direction = 1;
    self->value = args[ARG_value].u_bool;
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_KW(dio_switch_to_output_obj, 1, dio_switch_to_output);

static mp_obj_t dio_switch_to_input(size_t n_args, const mp_obj_t *pos_args, mp_map_t *kw_args) {
    enum { ARG_pull };
    static const mp_arg_t allowed[] = {
        { MP_QSTR_pull, MP_ARG_OBJ, {.u_rom_obj = MP_ROM_NONE} },
    };
    mp_arg_val_t args[MP_ARRAY_SIZE(allowed)];
    mp_arg_parse_all(n_args - 1, pos_args + 1, kw_args, MP_ARRAY_SIZE(allowed), allowed, args);
    rig_digitalinout_t *self = MP_OBJ_TO_PTR(pos_args[0]);
    self->direction = 0;
    self->pull = args[ARG_pull].u_obj == mp_const_none ? 0 : mp_obj_get_int(args[ARG_pull].u_obj);
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_KW(dio_switch_to_input_obj, 1, dio_switch_to_input);

static mp_obj_t dio_deinit(mp_obj_t self_in) {
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_1(dio_deinit_obj, dio_deinit);

static const mp_rom_map_elem_t dio_locals_table[] = {
    { MP_ROM_QSTR(MP_QSTR_switch_to_output), MP_ROM_PTR(&dio_switch_to_output_obj) },
    { MP_ROM_QSTR(MP_QSTR_switch_to_input), MP_ROM_PTR(&dio_switch_to_input_obj) },
    { MP_ROM_QSTR(MP_QSTR_deinit), MP_ROM_PTR(&dio_deinit_obj) },
};
static MP_DEFINE_CONST_DICT(dio_locals, dio_locals_table);

static void dio_attr(mp_obj_t self_in, qstr attr, mp_obj_t *dest) {
    rig_digitalinout_t *self = MP_OBJ_TO_PTR(self_in);
    if (dest[0] == MP_OBJ_NULL) {
        switch (attr) {
            case MP_QSTR_value:
                dest[0] = mp_obj_new_bool(self->value);
                return;
            case MP_QSTR_direction:
                dest[0] = MP_OBJ_NEW_SMALL_INT(self->direction);
                return;
            case MP_QSTR_pull:
                dest[0] = self->pull ? MP_OBJ_NEW_SMALL_INT(self->pull) : mp_const_none;
                return;
            case MP_QSTR_pin:
                dest[0] = MP_OBJ_FROM_PTR(self->pin);
                return;
        }
        dest[1] = MP_OBJ_SENTINEL;
        return;
    }
    if (dest[1] == MP_OBJ_NULL) {
        return;
    }
    switch (attr) {
        case MP_QSTR_value:
            self->value = mp_obj_is_true(dest[1]);
            break;
        case MP_QSTR_direction:
            self->direction = mp_obj_get_int(dest[1]);
            break;
        case MP_QSTR_pull:
            self->pull = dest[1] == mp_const_none ? 0 : mp_obj_get_int(dest[1]);
            break;
        default:
            return;
    }
    dest[0] = MP_OBJ_NULL;
}

MP_DEFINE_CONST_OBJ_TYPE(
    rig_dio_type, MP_QSTR_DigitalInOut, MP_TYPE_FLAG_NONE,
    make_new, dio_make_new,
    attr, dio_attr,
    locals_dict, &dio_locals
    );

static const mp_rom_map_elem_t direction_locals_table[] = {
    { MP_ROM_QSTR(MP_QSTR_INPUT), MP_ROM_INT(0) },
    { MP_ROM_QSTR(MP_QSTR_OUTPUT), MP_ROM_INT(1) },
};
static MP_DEFINE_CONST_DICT(direction_locals, direction_locals_table);
MP_DEFINE_CONST_OBJ_TYPE(rig_direction_type, MP_QSTR_Direction, MP_TYPE_FLAG_NONE,
    locals_dict, &direction_locals);

static const mp_rom_map_elem_t pull_locals_table[] = {
    { MP_ROM_QSTR(MP_QSTR_UP), MP_ROM_INT(1) },
    { MP_ROM_QSTR(MP_QSTR_DOWN), MP_ROM_INT(2) },
};
static MP_DEFINE_CONST_DICT(pull_locals, pull_locals_table);
MP_DEFINE_CONST_OBJ_TYPE(rig_pull_type, MP_QSTR_Pull, MP_TYPE_FLAG_NONE,
    locals_dict, &pull_locals);

static const mp_rom_map_elem_t digitalio_globals_table[] = {
    { MP_ROM_QSTR(MP_QSTR___name__), MP_ROM_QSTR(MP_QSTR_digitalio) },
    { MP_ROM_QSTR(MP_QSTR_DigitalInOut), MP_ROM_PTR(&rig_dio_type) },
    { MP_ROM_QSTR(MP_QSTR_Direction), MP_ROM_PTR(&rig_direction_type) },
    { MP_ROM_QSTR(MP_QSTR_Pull), MP_ROM_PTR(&rig_pull_type) },
};
static MP_DEFINE_CONST_DICT(digitalio_globals, digitalio_globals_table);

const mp_obj_module_t rig_digitalio_module = {
    .base = { &mp_type_module },
    .globals = (mp_obj_dict_t *)&digitalio_globals,
};
MP_REGISTER_MODULE(MP_QSTR_digitalio, rig_digitalio_module);

// ----- microcontroller -------------------------------------------------------------------------

#define NVM_BYTES (1024)

static uint8_t nvm_bytes[NVM_BYTES] = { [0 ... NVM_BYTES - 1] = 0xff }; // erased flash

// A bytearray whose items are the static buffer: the collector never sees them (not in the
// heap). Its length must not change: only same-length slice assignments, as the board's nvm.
static mp_obj_array_t nvm = {
    .base = { &mp_type_bytearray },
    .typecode = BYTEARRAY_TYPECODE,
    .free = 0,
    .len = NVM_BYTES,
    .items = nvm_bytes,
};

typedef struct _rig_cpu_t {
    mp_obj_base_t base;
} rig_cpu_t;

static void cpu_attr(mp_obj_t self_in, qstr attr, mp_obj_t *dest) {
    if (dest[0] != MP_OBJ_NULL) {
        return;
    }
    switch (attr) {
        case MP_QSTR_temperature:
            dest[0] = mp_obj_new_float(31.5f);
            break;
        case MP_QSTR_frequency:
            dest[0] = MP_OBJ_NEW_SMALL_INT(120000000);
            break;
        case MP_QSTR_voltage:
            dest[0] = mp_obj_new_float(3.3f);
            break;
    }
}

MP_DEFINE_CONST_OBJ_TYPE(rig_processor_type, MP_QSTR_Processor, MP_TYPE_FLAG_NONE,
    attr, cpu_attr);

static const rig_cpu_t cpu = {{&rig_processor_type}};

static mp_obj_t mc_reset(void) {
    return rig_call_driver(MP_QSTR_reload);
}
static MP_DEFINE_CONST_FUN_OBJ_0(mc_reset_obj, mc_reset);

static const mp_rom_map_elem_t microcontroller_globals_table[] = {
    { MP_ROM_QSTR(MP_QSTR___name__), MP_ROM_QSTR(MP_QSTR_microcontroller) },
    { MP_ROM_QSTR(MP_QSTR_nvm), MP_ROM_PTR(&nvm) },
    { MP_ROM_QSTR(MP_QSTR_cpu), MP_ROM_PTR(&cpu) },
    { MP_ROM_QSTR(MP_QSTR_reset), MP_ROM_PTR(&mc_reset_obj) },
};
static MP_DEFINE_CONST_DICT(microcontroller_globals, microcontroller_globals_table);

const mp_obj_module_t rig_microcontroller_module = {
    .base = { &mp_type_module },
    .globals = (mp_obj_dict_t *)&microcontroller_globals,
};
MP_REGISTER_MODULE(MP_QSTR_microcontroller, rig_microcontroller_module);

// ----- time, supervisor ----------------------------------------------------------------------

#define STEP_MS (50)
static int64_t rig_ms = (1 << 29) - 30000;

static mp_obj_t time_sleep(mp_obj_t seconds) {
    rig_ms += STEP_MS;
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_1(time_sleep_obj, time_sleep);

static mp_obj_t time_monotonic(void) {
    return mp_obj_new_float((mp_float_t)rig_ms / 1000);
}
static MP_DEFINE_CONST_FUN_OBJ_0(time_monotonic_obj, time_monotonic);

static mp_obj_t time_monotonic_ns(void) {
    return mp_obj_new_int_from_ll(rig_ms * 1000000);
}
static MP_DEFINE_CONST_FUN_OBJ_0(time_monotonic_ns_obj, time_monotonic_ns);

static mp_obj_t time_time(void) {
    return mp_obj_new_int_from_ll(1764547200LL + rig_ms / 1000);
}
static MP_DEFINE_CONST_FUN_OBJ_0(time_time_obj, time_time);

// time.rig_ms: the clock's value, as the stand-in's module global (a module delegation: it
// runs only for names the module does not have)
void rig_time_attr(mp_obj_t self_in, qstr attr, mp_obj_t *dest) {
    if (dest[0] == MP_OBJ_NULL && attr == MP_QSTR_rig_ms) {
        dest[0] = mp_obj_new_int_from_ll(rig_ms);
    }
}

static const mp_rom_map_elem_t time_globals_table[] = {
    { MP_ROM_QSTR(MP_QSTR___name__), MP_ROM_QSTR(MP_QSTR_time) },
    { MP_ROM_QSTR(MP_QSTR_STEP_MS), MP_ROM_INT(STEP_MS) },
    { MP_ROM_QSTR(MP_QSTR_sleep), MP_ROM_PTR(&time_sleep_obj) },
    { MP_ROM_QSTR(MP_QSTR_monotonic), MP_ROM_PTR(&time_monotonic_obj) },
    { MP_ROM_QSTR(MP_QSTR_monotonic_ns), MP_ROM_PTR(&time_monotonic_ns_obj) },
    { MP_ROM_QSTR(MP_QSTR_time), MP_ROM_PTR(&time_time_obj) },
};
static MP_DEFINE_CONST_DICT(time_globals, time_globals_table);

const mp_obj_module_t rig_time_module = {
    .base = { &mp_type_module },
    .globals = (mp_obj_dict_t *)&time_globals,
};
MP_REGISTER_MODULE(MP_QSTR_time, rig_time_module);
MP_REGISTER_MODULE_DELEGATION(rig_time_module, rig_time_attr);

mp_obj_t rig_ticks_ms(void) {
    return MP_OBJ_NEW_SMALL_INT(rig_ms & 0x1FFFFFFF);
}

static mp_obj_t supervisor_ticks_ms(void) {
    return rig_ticks_ms();
}
static MP_DEFINE_CONST_FUN_OBJ_0(supervisor_ticks_ms_obj, supervisor_ticks_ms);

static mp_obj_t supervisor_reload(void) {
    return rig_call_driver(MP_QSTR_reload);
}
static MP_DEFINE_CONST_FUN_OBJ_0(supervisor_reload_obj, supervisor_reload);

// set_next_code_file(filename, **options): rigdriver.next_code_file(filename); the rig
// starts that file once at the next reload (the options are the board's defaults)
static mp_obj_t supervisor_set_next_code_file(size_t n_args, const mp_obj_t *args,
    mp_map_t *kw_args) {
    (void)n_args;
    (void)kw_args;
    mp_obj_t mod = mp_import_name(MP_QSTR_rigdriver, mp_const_none, MP_OBJ_NEW_SMALL_INT(0));
    return mp_call_function_1(mp_load_attr(mod, MP_QSTR_next_code_file), args[0]);
}
static MP_DEFINE_CONST_FUN_OBJ_KW(supervisor_set_next_code_file_obj, 1,
    supervisor_set_next_code_file);

static const mp_rom_map_elem_t supervisor_globals_table[] = {
    { MP_ROM_QSTR(MP_QSTR___name__), MP_ROM_QSTR(MP_QSTR_supervisor) },
    { MP_ROM_QSTR(MP_QSTR_ticks_ms), MP_ROM_PTR(&supervisor_ticks_ms_obj) },
    { MP_ROM_QSTR(MP_QSTR_reload), MP_ROM_PTR(&supervisor_reload_obj) },
    { MP_ROM_QSTR(MP_QSTR_set_next_code_file), MP_ROM_PTR(&supervisor_set_next_code_file_obj) },
};
static MP_DEFINE_CONST_DICT(supervisor_globals, supervisor_globals_table);

const mp_obj_module_t rig_supervisor_module = {
    .base = { &mp_type_module },
    .globals = (mp_obj_dict_t *)&supervisor_globals,
};
MP_REGISTER_MODULE(MP_QSTR_supervisor, rig_supervisor_module);

// ----- neopixel_write ------------------------------------------------------------------------

static mp_obj_t neopixel_write(mp_obj_t pin, mp_obj_t buf) {
    mp_buffer_info_t info;
    mp_get_buffer_raise(buf, &info, MP_BUFFER_READ);
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_2(neopixel_write_obj, neopixel_write);

static const mp_rom_map_elem_t neopixel_write_globals_table[] = {
    { MP_ROM_QSTR(MP_QSTR___name__), MP_ROM_QSTR(MP_QSTR_neopixel_write) },
    { MP_ROM_QSTR(MP_QSTR_neopixel_write), MP_ROM_PTR(&neopixel_write_obj) },
};
static MP_DEFINE_CONST_DICT(neopixel_write_globals, neopixel_write_globals_table);

const mp_obj_module_t rig_neopixel_write_module = {
    .base = { &mp_type_module },
    .globals = (mp_obj_dict_t *)&neopixel_write_globals,
};
MP_REGISTER_MODULE(MP_QSTR_neopixel_write, rig_neopixel_write_module);
