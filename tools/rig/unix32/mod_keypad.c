// keypad as C (board rig), with the API of tools/rig/stubs/keypad.py: the key presses come
// from the rig's player, ``rigdriver.next_key_number()`` (a Python module on the path),
// called by EventQueue.get_into() and get() as the stand-in does.
//
// The objects allocate what CircuitPython 9/10's do (shared-module/keypad, 32-bit):
//   Event              a 16-byte block
//   ShiftRegisterKeys  the scanner (an 80-byte block), its clock, latch and data
//                      DigitalInOuts (16 B each), the data pins' tuple and the key counts
//                      (16 B each), the debounce counters (a byte a key) and its EventQueue:
//                      a 32-byte object and a ring buffer of max_events * 6 bytes (384 B)
//   Keys               the scanner (a 48-byte block), a DigitalInOut a pin in a tuple, the
//                      debounce counters and the EventQueue

#include "py/objtuple.h"
#include "py/runtime.h"

#include "rig.h"

// ----- Event ---------------------------------------------------------------------------------

typedef struct _rig_event_t {
    mp_obj_base_t base;
    uint16_t key_number;
    bool pressed;
    mp_obj_t timestamp;
} rig_event_t;

_Static_assert(sizeof(rig_event_t) <= 16, "Event: 16 B");

extern const mp_obj_type_t rig_event_type;
extern const mp_obj_type_t rig_eventqueue_type;

static mp_obj_t ticks_now(void) {
    return rig_ticks_ms(); // supervisor.ticks_ms(), as the board's timestamps
}

static mp_obj_t event_make_new(const mp_obj_type_t *type, size_t n_args, size_t n_kw, const mp_obj_t *all_args) {
    enum { ARG_key_number, ARG_pressed, ARG_timestamp };
    static const mp_arg_t allowed[] = {
        { MP_QSTR_key_number, MP_ARG_INT, {.u_int = 0} },
        { MP_QSTR_pressed, MP_ARG_BOOL, {.u_bool = true} },
        { MP_QSTR_timestamp, MP_ARG_OBJ | MP_ARG_KW_ONLY, {.u_rom_obj = MP_ROM_NONE} },
    };
    mp_arg_val_t args[MP_ARRAY_SIZE(allowed)];
    mp_arg_parse_all_kw_array(n_args, n_kw, all_args, MP_ARRAY_SIZE(allowed), allowed, args);
    rig_event_t *self = mp_obj_malloc(rig_event_t, &rig_event_type);
    self->key_number = rig_int_range(MP_OBJ_NEW_SMALL_INT(args[ARG_key_number].u_int), 0, 65535, MP_QSTR_key_number);
    self->pressed = args[ARG_pressed].u_bool;
    self->timestamp = args[ARG_timestamp].u_obj == mp_const_none ? ticks_now() : args[ARG_timestamp].u_obj;
    return MP_OBJ_FROM_PTR(self);
}

static void event_attr(mp_obj_t self_in, qstr attr, mp_obj_t *dest) {
    if (dest[0] != MP_OBJ_NULL) {
        return; // read-only, as the board's
    }
    rig_event_t *self = MP_OBJ_TO_PTR(self_in);
    switch (attr) {
        case MP_QSTR_key_number:
            dest[0] = MP_OBJ_NEW_SMALL_INT(self->key_number);
            break;
        case MP_QSTR_pressed:
            dest[0] = mp_obj_new_bool(self->pressed);
            break;
        case MP_QSTR_released:
            dest[0] = mp_obj_new_bool(!self->pressed);
            break;
        case MP_QSTR_timestamp:
            dest[0] = self->timestamp;
            break;
    }
}

static mp_obj_t event_binary_op(mp_binary_op_t op, mp_obj_t lhs, mp_obj_t rhs) {
    if (op == MP_BINARY_OP_EQUAL) {
        if (!mp_obj_is_type(rhs, &rig_event_type)) {
            return mp_const_false;
        }
        rig_event_t *a = MP_OBJ_TO_PTR(lhs);
        rig_event_t *b = MP_OBJ_TO_PTR(rhs);
        return mp_obj_new_bool(a->key_number == b->key_number && a->pressed == b->pressed);
    }
    return MP_OBJ_NULL;
}

MP_DEFINE_CONST_OBJ_TYPE(
    rig_event_type, MP_QSTR_Event, MP_TYPE_FLAG_NONE,
    make_new, event_make_new,
    attr, event_attr,
    binary_op, event_binary_op
    );

// ----- EventQueue ----------------------------------------------------------------------------

typedef struct _rig_eventqueue_t {
    mp_obj_base_t base;
    uint8_t *buf; // ringbuf_t: the buffer, its size, the get and put indices
    uint32_t size;
    uint32_t iget;
    uint32_t iput;
    bool overflowed;
    void *event_handler;
} rig_eventqueue_t; // keypad_eventqueue_obj_t: a 32-byte block

_Static_assert(sizeof(rig_eventqueue_t) > 16 && sizeof(rig_eventqueue_t) <= 32, "EventQueue: 32 B");

static mp_obj_t eventqueue_new(mp_int_t max_events) {
    rig_eventqueue_t *self = mp_obj_malloc(rig_eventqueue_t, &rig_eventqueue_type);
    self->size = max_events * (sizeof(uint16_t) + sizeof(mp_obj_t));
    self->buf = rig_block(self->size);
    return MP_OBJ_FROM_PTR(self);
}

// The next key press from the rig's player into ``event``: false when there is none.
static bool next_event(rig_event_t *event) {
    mp_obj_t k = rig_call_driver(MP_QSTR_next_key_number);
    if (k == mp_const_none) {
        return false;
    }
    event->key_number = mp_obj_get_int(k);
    event->pressed = true;
    event->timestamp = ticks_now();
    return true;
}

static mp_obj_t eventqueue_get_into(mp_obj_t self_in, mp_obj_t event_in) {
    if (!mp_obj_is_type(event_in, &rig_event_type)) {
        mp_raise_TypeError(MP_ERROR_TEXT("event must be a keypad.Event"));
    }
    return mp_obj_new_bool(next_event(MP_OBJ_TO_PTR(event_in)));
}
static MP_DEFINE_CONST_FUN_OBJ_2(eventqueue_get_into_obj, eventqueue_get_into);

static mp_obj_t eventqueue_get(mp_obj_t self_in) {
    // as the board: the Event is made only when there is one to return
    mp_obj_t k = rig_call_driver(MP_QSTR_next_key_number);
    if (k == mp_const_none) {
        return mp_const_none;
    }
    rig_event_t *event = mp_obj_malloc(rig_event_t, &rig_event_type);
    event->key_number = mp_obj_get_int(k);
    event->pressed = true;
    event->timestamp = ticks_now();
    return MP_OBJ_FROM_PTR(event);
}
static MP_DEFINE_CONST_FUN_OBJ_1(eventqueue_get_obj, eventqueue_get);

static mp_obj_t eventqueue_clear(mp_obj_t self_in) {
    rig_eventqueue_t *self = MP_OBJ_TO_PTR(self_in);
    self->iget = self->iput = 0;
    self->overflowed = false;
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_1(eventqueue_clear_obj, eventqueue_clear);

static void eventqueue_attr(mp_obj_t self_in, qstr attr, mp_obj_t *dest) {
    rig_eventqueue_t *self = MP_OBJ_TO_PTR(self_in);
    if (attr == MP_QSTR_overflowed) {
        if (dest[0] == MP_OBJ_NULL) {
            dest[0] = mp_obj_new_bool(self->overflowed);
        } else if (dest[1] != MP_OBJ_NULL) {
            self->overflowed = mp_obj_is_true(dest[1]);
            dest[0] = MP_OBJ_NULL;
        }
        return;
    }
    if (dest[0] == MP_OBJ_NULL) {
        dest[1] = MP_OBJ_SENTINEL;
    }
}

static const mp_rom_map_elem_t eventqueue_locals_table[] = {
    { MP_ROM_QSTR(MP_QSTR_get), MP_ROM_PTR(&eventqueue_get_obj) },
    { MP_ROM_QSTR(MP_QSTR_get_into), MP_ROM_PTR(&eventqueue_get_into_obj) },
    { MP_ROM_QSTR(MP_QSTR_clear), MP_ROM_PTR(&eventqueue_clear_obj) },
};
static MP_DEFINE_CONST_DICT(eventqueue_locals, eventqueue_locals_table);

MP_DEFINE_CONST_OBJ_TYPE(
    rig_eventqueue_type, MP_QSTR_EventQueue, MP_TYPE_FLAG_NONE,
    attr, eventqueue_attr,
    locals_dict, &eventqueue_locals
    );

// ----- the scanners --------------------------------------------------------------------------

// KEYPAD_SCANNER_COMMON_FIELDS (the key count added: the board computes it)
#define SCANNER_COMMON \
    mp_obj_base_t base; \
    void *next; \
    void *funcs; \
    uint64_t next_scan_ticks; \
    int8_t *debounce_counter; \
    mp_obj_t events; \
    mp_uint_t interval_ticks; \
    uint8_t debounce_threshold; \
    bool never_reset; \
    mp_uint_t key_count

typedef struct _rig_scanner_t {
    SCANNER_COMMON;
} rig_scanner_t;

typedef struct _rig_srk_t {
    SCANNER_COMMON;
    void *clock; // DigitalInOut
    void *latch; // DigitalInOut
    mp_obj_t data_pins; // a tuple of DigitalInOuts
    mp_uint_t *key_counts;
    mp_uint_t num_key_counts;
    mp_uint_t max_key_count;
    bool value_to_latch;
    bool value_when_pressed;
} rig_srk_t; // keypad_shiftregisterkeys_obj_t: an 80-byte block

typedef struct _rig_keys_t {
    SCANNER_COMMON;
    mp_obj_t digitalinouts; // a tuple of DigitalInOuts
    bool value_when_pressed;
} rig_keys_t; // keypad_keys_obj_t: a 48-byte block

_Static_assert(sizeof(rig_srk_t) > 64 && sizeof(rig_srk_t) <= 80, "ShiftRegisterKeys: 80 B");
_Static_assert(sizeof(rig_keys_t) > 32 && sizeof(rig_keys_t) <= 48, "Keys: 48 B");

#define DIGITALINOUT_BYTES (16) // digitalio_digitalinout_obj_t

extern const mp_obj_type_t rig_shiftregisterkeys_type;
extern const mp_obj_type_t rig_keys_type;

static void construct_common(void *scanner, mp_int_t max_events) {
    rig_scanner_t *self = scanner;
    self->debounce_counter = rig_block(self->key_count);
    self->events = eventqueue_new(max_events);
}

static mp_obj_t srk_make_new(const mp_obj_type_t *type, size_t n_args, size_t n_kw, const mp_obj_t *all_args) {
    enum { ARG_clock, ARG_data, ARG_latch, ARG_value_to_latch, ARG_key_count,
           ARG_value_when_pressed, ARG_interval, ARG_max_events, ARG_debounce_threshold };
    static const mp_arg_t allowed[] = {
        { MP_QSTR_clock, MP_ARG_OBJ, {.u_rom_obj = MP_ROM_NONE} },
        { MP_QSTR_data, MP_ARG_OBJ, {.u_rom_obj = MP_ROM_NONE} },
        { MP_QSTR_latch, MP_ARG_OBJ, {.u_rom_obj = MP_ROM_NONE} },
        { MP_QSTR_value_to_latch, MP_ARG_KW_ONLY | MP_ARG_BOOL, {.u_bool = true} },
        { MP_QSTR_key_count, MP_ARG_KW_ONLY | MP_ARG_INT, {.u_int = 8} },
        { MP_QSTR_value_when_pressed, MP_ARG_KW_ONLY | MP_ARG_BOOL, {.u_bool = true} },
        { MP_QSTR_interval, MP_ARG_KW_ONLY | MP_ARG_OBJ, {.u_rom_obj = MP_ROM_NONE} },
        { MP_QSTR_max_events, MP_ARG_KW_ONLY | MP_ARG_INT, {.u_int = 64} },
        { MP_QSTR_debounce_threshold, MP_ARG_KW_ONLY | MP_ARG_INT, {.u_int = 1} },
    };
    mp_arg_val_t args[MP_ARRAY_SIZE(allowed)];
    mp_arg_parse_all_kw_array(n_args, n_kw, all_args, MP_ARRAY_SIZE(allowed), allowed, args);
    mp_int_t key_count = rig_int_range(MP_OBJ_NEW_SMALL_INT(args[ARG_key_count].u_int), 1, 255, MP_QSTR_key_count);
    mp_int_t max_events = rig_int_range(MP_OBJ_NEW_SMALL_INT(args[ARG_max_events].u_int), 1, 1024, MP_QSTR_max_events);
    rig_srk_t *self = mp_obj_malloc(rig_srk_t, &rig_shiftregisterkeys_type);
    self->key_count = key_count;
    self->value_to_latch = args[ARG_value_to_latch].u_bool;
    self->value_when_pressed = args[ARG_value_when_pressed].u_bool;
    self->debounce_threshold = args[ARG_debounce_threshold].u_int;
    // the clock and latch outputs and the data input, a tuple of the data pins, the key counts
    self->clock = rig_block(DIGITALINOUT_BYTES);
    self->latch = rig_block(DIGITALINOUT_BYTES);
    mp_obj_t data = MP_OBJ_FROM_PTR(rig_block(DIGITALINOUT_BYTES));
    self->data_pins = mp_obj_new_tuple(1, &data);
    self->num_key_counts = 1;
    self->max_key_count = key_count;
    self->key_counts = rig_block(sizeof(mp_uint_t));
    self->key_counts[0] = key_count;
    construct_common(self, max_events);
    return MP_OBJ_FROM_PTR(self);
}

static mp_obj_t keys_make_new(const mp_obj_type_t *type, size_t n_args, size_t n_kw, const mp_obj_t *all_args) {
    enum { ARG_pins, ARG_value_when_pressed, ARG_pull, ARG_interval, ARG_max_events,
           ARG_debounce_threshold };
    static const mp_arg_t allowed[] = {
        { MP_QSTR_pins, MP_ARG_REQUIRED | MP_ARG_OBJ, {.u_rom_obj = MP_ROM_NONE} },
        { MP_QSTR_value_when_pressed, MP_ARG_KW_ONLY | MP_ARG_BOOL, {.u_bool = false} },
        { MP_QSTR_pull, MP_ARG_KW_ONLY | MP_ARG_BOOL, {.u_bool = true} },
        { MP_QSTR_interval, MP_ARG_KW_ONLY | MP_ARG_OBJ, {.u_rom_obj = MP_ROM_NONE} },
        { MP_QSTR_max_events, MP_ARG_KW_ONLY | MP_ARG_INT, {.u_int = 64} },
        { MP_QSTR_debounce_threshold, MP_ARG_KW_ONLY | MP_ARG_INT, {.u_int = 1} },
    };
    mp_arg_val_t args[MP_ARRAY_SIZE(allowed)];
    mp_arg_parse_all_kw_array(n_args, n_kw, all_args, MP_ARRAY_SIZE(allowed), allowed, args);
    size_t n;
    mp_obj_t *pins;
    mp_obj_get_array(args[ARG_pins].u_obj, &n, &pins);
    if (n < 1 || n > 255) {
        mp_raise_ValueError(MP_ERROR_TEXT("pins: 1-255 of them"));
    }
    mp_int_t max_events = rig_int_range(MP_OBJ_NEW_SMALL_INT(args[ARG_max_events].u_int), 1, 1024, MP_QSTR_max_events);
    rig_keys_t *self = mp_obj_malloc(rig_keys_t, &rig_keys_type);
    self->key_count = n;
    self->value_when_pressed = args[ARG_value_when_pressed].u_bool;
    mp_obj_t dios[n];
    for (size_t i = 0; i < n; i++) {
        dios[i] = MP_OBJ_FROM_PTR(rig_block(DIGITALINOUT_BYTES));
    }
    self->digitalinouts = mp_obj_new_tuple(n, dios);
    construct_common(self, max_events);
    return MP_OBJ_FROM_PTR(self);
}

static void scanner_attr(mp_obj_t self_in, qstr attr, mp_obj_t *dest) {
    rig_scanner_t *self = MP_OBJ_TO_PTR(self_in);
    if (dest[0] != MP_OBJ_NULL) {
        return;
    }
    switch (attr) {
        case MP_QSTR_events:
            dest[0] = self->events;
            return;
        case MP_QSTR_key_count:
            dest[0] = MP_OBJ_NEW_SMALL_INT(self->key_count);
            return;
    }
    dest[1] = MP_OBJ_SENTINEL;
}

static mp_obj_t scanner_nothing(mp_obj_t self_in) {
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_1(scanner_nothing_obj, scanner_nothing);

static const mp_rom_map_elem_t scanner_locals_table[] = {
    { MP_ROM_QSTR(MP_QSTR_deinit), MP_ROM_PTR(&scanner_nothing_obj) },
    { MP_ROM_QSTR(MP_QSTR_reset), MP_ROM_PTR(&scanner_nothing_obj) },
};
static MP_DEFINE_CONST_DICT(scanner_locals, scanner_locals_table);

MP_DEFINE_CONST_OBJ_TYPE(
    rig_shiftregisterkeys_type, MP_QSTR_ShiftRegisterKeys, MP_TYPE_FLAG_NONE,
    make_new, srk_make_new,
    attr, scanner_attr,
    locals_dict, &scanner_locals
    );

MP_DEFINE_CONST_OBJ_TYPE(
    rig_keys_type, MP_QSTR_Keys, MP_TYPE_FLAG_NONE,
    make_new, keys_make_new,
    attr, scanner_attr,
    locals_dict, &scanner_locals
    );

static const mp_rom_map_elem_t keypad_globals_table[] = {
    { MP_ROM_QSTR(MP_QSTR___name__), MP_ROM_QSTR(MP_QSTR_keypad) },
    { MP_ROM_QSTR(MP_QSTR_Event), MP_ROM_PTR(&rig_event_type) },
    { MP_ROM_QSTR(MP_QSTR_EventQueue), MP_ROM_PTR(&rig_eventqueue_type) },
    { MP_ROM_QSTR(MP_QSTR_ShiftRegisterKeys), MP_ROM_PTR(&rig_shiftregisterkeys_type) },
    { MP_ROM_QSTR(MP_QSTR_Keys), MP_ROM_PTR(&rig_keys_type) },
};
static MP_DEFINE_CONST_DICT(keypad_globals, keypad_globals_table);

const mp_obj_module_t rig_keypad_module = {
    .base = { &mp_type_module },
    .globals = (mp_obj_dict_t *)&keypad_globals,
};
MP_REGISTER_MODULE(MP_QSTR_keypad, rig_keypad_module);
