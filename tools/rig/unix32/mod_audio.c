// audioio and audiocore as C (board rig), with the API of tools/rig/stubs/audioio.py and
// audiocore.py. Nothing is played; the objects take what the board's C objects take:
//
//   audioio.AudioOut     a 160-byte block (its DAC and DMA state; an estimate, as the
//                        stand-in's); it holds the sample it plays, as the DMA does
//   audiocore.RawSample  a 48-byte block holding the caller's buffer (not a copy)
//
// ``playing`` is True from play() until stop() or, unless it loops, until the sample's
// length has passed on the rig's clock (which moves only when the app sleeps), as on the
// board, where the app may then let go of the samples.

#include "py/runtime.h"

#include "rig.h"

typedef struct _rig_rawsample_t {
    mp_obj_base_t base;
    mp_obj_t buffer;
    uint8_t *data;
    uint32_t len;
    uint8_t bits_per_sample;
    bool samples_signed;
    uint8_t channel_count;
    uint32_t sample_rate;
    uint32_t reserved[4];
} rig_rawsample_t; // audioio_rawsample_obj_t: a 48-byte block

_Static_assert(sizeof(rig_rawsample_t) > 32 && sizeof(rig_rawsample_t) <= 48, "RawSample: 48 B");

extern const mp_obj_type_t rig_rawsample_type;
extern const mp_obj_type_t rig_audioout_type;

static mp_obj_t rawsample_make_new(const mp_obj_type_t *type, size_t n_args, size_t n_kw, const mp_obj_t *all_args) {
    enum { ARG_buffer, ARG_channel_count, ARG_sample_rate, ARG_single_buffer };
    static const mp_arg_t allowed[] = {
        { MP_QSTR_buffer, MP_ARG_OBJ | MP_ARG_REQUIRED, {.u_rom_obj = MP_ROM_NONE} },
        { MP_QSTR_channel_count, MP_ARG_INT, {.u_int = 1} },
        { MP_QSTR_sample_rate, MP_ARG_INT, {.u_int = 8000} },
        { MP_QSTR_single_buffer, MP_ARG_KW_ONLY | MP_ARG_BOOL, {.u_bool = true} },
    };
    mp_arg_val_t args[MP_ARRAY_SIZE(allowed)];
    mp_arg_parse_all_kw_array(n_args, n_kw, all_args, MP_ARRAY_SIZE(allowed), allowed, args);
    mp_buffer_info_t info;
    mp_get_buffer_raise(args[ARG_buffer].u_obj, &info, MP_BUFFER_READ);
    rig_rawsample_t *self = mp_obj_malloc(rig_rawsample_t, &rig_rawsample_type);
    self->buffer = args[ARG_buffer].u_obj;
    self->data = info.buf;
    self->len = info.len;
    self->bits_per_sample = 8;
    self->samples_signed = info.typecode == 'b';
    self->channel_count = args[ARG_channel_count].u_int;
    self->sample_rate = args[ARG_sample_rate].u_int;
    return MP_OBJ_FROM_PTR(self);
}

static void rawsample_attr(mp_obj_t self_in, qstr attr, mp_obj_t *dest) {
    rig_rawsample_t *self = MP_OBJ_TO_PTR(self_in);
    if (attr != MP_QSTR_sample_rate) {
        if (dest[0] == MP_OBJ_NULL) {
            dest[1] = MP_OBJ_SENTINEL;
        }
        return;
    }
    if (dest[0] == MP_OBJ_NULL) {
        dest[0] = MP_OBJ_NEW_SMALL_INT(self->sample_rate);
    } else if (dest[1] != MP_OBJ_NULL) {
        self->sample_rate = mp_obj_get_int(dest[1]);
        dest[0] = MP_OBJ_NULL;
    }
}

static mp_obj_t audio_nothing(mp_obj_t self_in) {
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_1(audio_nothing_obj, audio_nothing);

static const mp_rom_map_elem_t rawsample_locals_table[] = {
    { MP_ROM_QSTR(MP_QSTR_deinit), MP_ROM_PTR(&audio_nothing_obj) },
};
static MP_DEFINE_CONST_DICT(rawsample_locals, rawsample_locals_table);

MP_DEFINE_CONST_OBJ_TYPE(
    rig_rawsample_type, MP_QSTR_RawSample, MP_TYPE_FLAG_NONE,
    make_new, rawsample_make_new,
    attr, rawsample_attr,
    locals_dict, &rawsample_locals
    );

typedef struct _rig_audioout_t {
    mp_obj_base_t base;
    mp_obj_t left_channel;
    mp_obj_t right_channel;
    mp_obj_t sample; // what the DMA plays
    uint16_t quiescent_value;
    bool playing;
    bool paused;
    bool loop;
    uint32_t end_ms; // the rig's ticks_ms when a sample that does not loop has played
    uint8_t dma_state[132];
} rig_audioout_t; // audioio_audioout_obj_t and its DMA state: ~160 bytes

_Static_assert(sizeof(rig_audioout_t) > 144 && sizeof(rig_audioout_t) <= 160, "AudioOut: 160 B");

static mp_obj_t audioout_make_new(const mp_obj_type_t *type, size_t n_args, size_t n_kw, const mp_obj_t *all_args) {
    enum { ARG_left_channel, ARG_right_channel, ARG_quiescent_value };
    static const mp_arg_t allowed[] = {
        { MP_QSTR_left_channel, MP_ARG_OBJ | MP_ARG_REQUIRED, {.u_rom_obj = MP_ROM_NONE} },
        { MP_QSTR_right_channel, MP_ARG_OBJ, {.u_rom_obj = MP_ROM_NONE} },
        { MP_QSTR_quiescent_value, MP_ARG_INT, {.u_int = 0x8000} },
    };
    mp_arg_val_t args[MP_ARRAY_SIZE(allowed)];
    mp_arg_parse_all_kw_array(n_args, n_kw, all_args, MP_ARRAY_SIZE(allowed), allowed, args);
    rig_audioout_t *self = mp_obj_malloc(rig_audioout_t, &rig_audioout_type);
    self->left_channel = args[ARG_left_channel].u_obj;
    self->right_channel = args[ARG_right_channel].u_obj;
    self->quiescent_value = args[ARG_quiescent_value].u_int;
    return MP_OBJ_FROM_PTR(self);
}

static mp_obj_t audioout_play(size_t n_args, const mp_obj_t *pos_args, mp_map_t *kw_args) {
    enum { ARG_sample, ARG_loop };
    static const mp_arg_t allowed[] = {
        { MP_QSTR_sample, MP_ARG_OBJ | MP_ARG_REQUIRED, {.u_rom_obj = MP_ROM_NONE} },
        { MP_QSTR_loop, MP_ARG_BOOL | MP_ARG_KW_ONLY, {.u_bool = false} },
    };
    mp_arg_val_t args[MP_ARRAY_SIZE(allowed)];
    mp_arg_parse_all(n_args - 1, pos_args + 1, kw_args, MP_ARRAY_SIZE(allowed), allowed, args);
    rig_audioout_t *self = MP_OBJ_TO_PTR(pos_args[0]);
    self->sample = args[ARG_sample].u_obj;
    self->loop = args[ARG_loop].u_bool;
    self->playing = true;
    const rig_rawsample_t *sample = MP_OBJ_TO_PTR(self->sample);
    uint32_t rate = sample->sample_rate ? sample->sample_rate : 8000;
    self->end_ms = MP_OBJ_SMALL_INT_VALUE(rig_ticks_ms()) + sample->len * 1000 / rate;
    self->paused = false;
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_KW(audioout_play_obj, 1, audioout_play);

static mp_obj_t audioout_stop(mp_obj_t self_in) {
    rig_audioout_t *self = MP_OBJ_TO_PTR(self_in);
    self->playing = false;
    self->paused = false;
    self->sample = MP_OBJ_NULL;
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_1(audioout_stop_obj, audioout_stop);

static mp_obj_t audioout_pause(mp_obj_t self_in) {
    ((rig_audioout_t *)MP_OBJ_TO_PTR(self_in))->paused = true;
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_1(audioout_pause_obj, audioout_pause);

static mp_obj_t audioout_resume(mp_obj_t self_in) {
    ((rig_audioout_t *)MP_OBJ_TO_PTR(self_in))->paused = false;
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_1(audioout_resume_obj, audioout_resume);

static void audioout_attr(mp_obj_t self_in, qstr attr, mp_obj_t *dest) {
    rig_audioout_t *self = MP_OBJ_TO_PTR(self_in);
    if (dest[0] != MP_OBJ_NULL) {
        return;
    }
    if (attr == MP_QSTR_playing) {
        if (self->playing && !self->loop) {
            // ticks_ms wraps at 2**29: the end has passed when now - end is "positive"
            uint32_t since = (MP_OBJ_SMALL_INT_VALUE(rig_ticks_ms()) - self->end_ms) & 0x1FFFFFFF;
            if (since < (1u << 28)) {
                self->playing = false;
                self->sample = MP_OBJ_NULL; // the DMA lets go of it
            }
        }
        dest[0] = mp_obj_new_bool(self->playing);
    } else if (attr == MP_QSTR_paused) {
        dest[0] = mp_obj_new_bool(self->paused);
    } else {
        dest[1] = MP_OBJ_SENTINEL;
    }
}

static const mp_rom_map_elem_t audioout_locals_table[] = {
    { MP_ROM_QSTR(MP_QSTR_play), MP_ROM_PTR(&audioout_play_obj) },
    { MP_ROM_QSTR(MP_QSTR_stop), MP_ROM_PTR(&audioout_stop_obj) },
    { MP_ROM_QSTR(MP_QSTR_pause), MP_ROM_PTR(&audioout_pause_obj) },
    { MP_ROM_QSTR(MP_QSTR_resume), MP_ROM_PTR(&audioout_resume_obj) },
    { MP_ROM_QSTR(MP_QSTR_deinit), MP_ROM_PTR(&audio_nothing_obj) },
};
static MP_DEFINE_CONST_DICT(audioout_locals, audioout_locals_table);

MP_DEFINE_CONST_OBJ_TYPE(
    rig_audioout_type, MP_QSTR_AudioOut, MP_TYPE_FLAG_NONE,
    make_new, audioout_make_new,
    attr, audioout_attr,
    locals_dict, &audioout_locals
    );

static const mp_rom_map_elem_t audioio_globals_table[] = {
    { MP_ROM_QSTR(MP_QSTR___name__), MP_ROM_QSTR(MP_QSTR_audioio) },
    { MP_ROM_QSTR(MP_QSTR_AudioOut), MP_ROM_PTR(&rig_audioout_type) },
};
static MP_DEFINE_CONST_DICT(audioio_globals, audioio_globals_table);

const mp_obj_module_t rig_audioio_module = {
    .base = { &mp_type_module },
    .globals = (mp_obj_dict_t *)&audioio_globals,
};
MP_REGISTER_MODULE(MP_QSTR_audioio, rig_audioio_module);

static const mp_rom_map_elem_t audiocore_globals_table[] = {
    { MP_ROM_QSTR(MP_QSTR___name__), MP_ROM_QSTR(MP_QSTR_audiocore) },
    { MP_ROM_QSTR(MP_QSTR_RawSample), MP_ROM_PTR(&rig_rawsample_type) },
};
static MP_DEFINE_CONST_DICT(audiocore_globals, audiocore_globals_table);

const mp_obj_module_t rig_audiocore_module = {
    .base = { &mp_type_module },
    .globals = (mp_obj_dict_t *)&audiocore_globals,
};
MP_REGISTER_MODULE(MP_QSTR_audiocore, rig_audiocore_module);
