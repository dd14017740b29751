// vectorio as C (board rig): Rectangle, with the API of tools/rig/stubs/vectorio.py.
//
// On the board a Rectangle is two objects (shared-module/vectorio): the rectangle (width,
// height, colour index: a 32-byte block) and the VectorShape that draws it (position,
// pixel shader, areas: a 96-byte block), 128 bytes in all; the same two blocks here.

#include "py/runtime.h"

#include "rig.h"

typedef struct _rig_shape_t {
    mp_obj_t pixel_shader;
    int16_t x;
    int16_t y;
    void *absolute_transform;
    rig_area_t ephemeral_dirty_area;
    rig_area_t current_area;
    bool current_area_dirty;
    bool hidden;
    uint8_t reserved[50];
} rig_shape_t; // vectorio_vector_shape_t: a 96-byte block

typedef struct _rig_rectangle_t {
    mp_obj_base_t base;
    uint16_t width;
    uint16_t height;
    uint16_t color_index;
    rig_shape_t *shape; // on the board: the on_change event (the shape and its callback)
    void *on_change;
} rig_rectangle_t; // vectorio_rectangle_t: a 32-byte block

_Static_assert(sizeof(rig_rectangle_t) > 16 && sizeof(rig_rectangle_t) <= 32, "Rectangle: 32 B");
_Static_assert(sizeof(rig_shape_t) > 80 && sizeof(rig_shape_t) <= 96, "VectorShape: 96 B");

static void check_shader(mp_obj_t shader) {
    mp_obj_t native = mp_obj_cast_to_native_base(shader, MP_OBJ_FROM_PTR(&rig_palette_type));
    if (native == MP_OBJ_NULL || !mp_obj_is_type(native, &rig_palette_type)) {
        mp_raise_msg_varg(&mp_type_TypeError, MP_ERROR_TEXT("unsupported %q type"),
            MP_QSTR_pixel_shader);
    }
}

static mp_obj_t rectangle_make_new(const mp_obj_type_t *type, size_t n_args, size_t n_kw, const mp_obj_t *all_args) {
    enum { ARG_pixel_shader, ARG_width, ARG_height, ARG_x, ARG_y, ARG_color_index };
    static const mp_arg_t allowed[] = {
        { MP_QSTR_pixel_shader, MP_ARG_OBJ | MP_ARG_REQUIRED, {.u_rom_obj = MP_ROM_NONE} },
        { MP_QSTR_width, MP_ARG_REQUIRED | MP_ARG_INT, {.u_int = 1} },
        { MP_QSTR_height, MP_ARG_REQUIRED | MP_ARG_INT, {.u_int = 1} },
        { MP_QSTR_x, MP_ARG_INT, {.u_int = 0} },
        { MP_QSTR_y, MP_ARG_INT, {.u_int = 0} },
        { MP_QSTR_color_index, MP_ARG_INT, {.u_int = 0} },
    };
    mp_arg_val_t args[MP_ARRAY_SIZE(allowed)];
    mp_arg_parse_all_kw_array(n_args, n_kw, all_args, MP_ARRAY_SIZE(allowed), allowed, args);
    check_shader(args[ARG_pixel_shader].u_obj);
    mp_int_t w = rig_int_range(MP_OBJ_NEW_SMALL_INT(args[ARG_width].u_int), 1, 32767, MP_QSTR_width);
    mp_int_t h = rig_int_range(MP_OBJ_NEW_SMALL_INT(args[ARG_height].u_int), 1, 32767, MP_QSTR_height);
    rig_rectangle_t *self = mp_obj_malloc(rig_rectangle_t, &rig_rectangle_type);
    self->width = w;
    self->height = h;
    self->color_index = args[ARG_color_index].u_int + 1; // as the board: 0 is transparent
    rig_shape_t *shape = rig_block(sizeof(rig_shape_t));
    shape->pixel_shader = args[ARG_pixel_shader].u_obj;
    shape->x = args[ARG_x].u_int;
    shape->y = args[ARG_y].u_int;
    self->shape = shape;
    return MP_OBJ_FROM_PTR(self);
}

static rig_rectangle_t *rect(mp_obj_t self_in) {
    return rig_native(self_in, &rig_rectangle_type);
}

#define RECT_PROPERTY(name, get_expr, set_stmt) \
    static mp_obj_t rect_get_##name(mp_obj_t self_in) { \
        rig_rectangle_t *self = rect(self_in); \
        return get_expr; \
    } \
    static MP_DEFINE_CONST_FUN_OBJ_1(rect_get_##name##_obj, rect_get_##name); \
    static mp_obj_t rect_set_##name(mp_obj_t self_in, mp_obj_t value) { \
        rig_rectangle_t *self = rect(self_in); \
        set_stmt; \
        self->shape->current_area_dirty = true; \
        return mp_const_none; \
    } \
    static MP_DEFINE_CONST_FUN_OBJ_2(rect_set_##name##_obj, rect_set_##name); \
    RIG_PROPERTY_GETSET(rect_##name##_obj, &rect_get_##name##_obj, &rect_set_##name##_obj);

RECT_PROPERTY(x, MP_OBJ_NEW_SMALL_INT(self->shape->x), self->shape->x = mp_obj_get_int(value))
RECT_PROPERTY(y, MP_OBJ_NEW_SMALL_INT(self->shape->y), self->shape->y = mp_obj_get_int(value))
RECT_PROPERTY(width, MP_OBJ_NEW_SMALL_INT(self->width),
    self->width = rig_int_range(value, 1, 32767, MP_QSTR_width))
RECT_PROPERTY(height, MP_OBJ_NEW_SMALL_INT(self->height),
    self->height = rig_int_range(value, 1, 32767, MP_QSTR_height))
RECT_PROPERTY(color_index, MP_OBJ_NEW_SMALL_INT(self->color_index - 1),
    self->color_index = mp_obj_get_int(value) + 1)
RECT_PROPERTY(hidden, mp_obj_new_bool(self->shape->hidden),
    self->shape->hidden = mp_obj_is_true(value))
RECT_PROPERTY(pixel_shader, self->shape->pixel_shader,
    check_shader(value); self->shape->pixel_shader = value)

static mp_obj_t rect_get_location(mp_obj_t self_in) {
    rig_rectangle_t *self = rect(self_in);
    mp_obj_t items[2] = { MP_OBJ_NEW_SMALL_INT(self->shape->x), MP_OBJ_NEW_SMALL_INT(self->shape->y) };
    return mp_obj_new_tuple(2, items);
}
static MP_DEFINE_CONST_FUN_OBJ_1(rect_get_location_obj, rect_get_location);
static mp_obj_t rect_set_location(mp_obj_t self_in, mp_obj_t value) {
    rig_rectangle_t *self = rect(self_in);
    size_t n;
    mp_obj_t *items;
    mp_obj_get_array(value, &n, &items);
    if (n != 2) {
        mp_raise_ValueError(MP_ERROR_TEXT("location must be (x, y)"));
    }
    self->shape->x = mp_obj_get_int(items[0]);
    self->shape->y = mp_obj_get_int(items[1]);
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_2(rect_set_location_obj, rect_set_location);
RIG_PROPERTY_GETSET(rect_location_obj, &rect_get_location_obj, &rect_set_location_obj);

static const mp_rom_map_elem_t rect_locals_table[] = {
    { MP_ROM_QSTR(MP_QSTR_x), MP_ROM_PTR(&rect_x_obj) },
    { MP_ROM_QSTR(MP_QSTR_y), MP_ROM_PTR(&rect_y_obj) },
    { MP_ROM_QSTR(MP_QSTR_width), MP_ROM_PTR(&rect_width_obj) },
    { MP_ROM_QSTR(MP_QSTR_height), MP_ROM_PTR(&rect_height_obj) },
    { MP_ROM_QSTR(MP_QSTR_color_index), MP_ROM_PTR(&rect_color_index_obj) },
    { MP_ROM_QSTR(MP_QSTR_hidden), MP_ROM_PTR(&rect_hidden_obj) },
    { MP_ROM_QSTR(MP_QSTR_pixel_shader), MP_ROM_PTR(&rect_pixel_shader_obj) },
    { MP_ROM_QSTR(MP_QSTR_location), MP_ROM_PTR(&rect_location_obj) },
};
static MP_DEFINE_CONST_DICT(rect_locals, rect_locals_table);

MP_DEFINE_CONST_OBJ_TYPE(
    rig_rectangle_type, MP_QSTR_Rectangle, MP_TYPE_FLAG_HAS_SPECIAL_ACCESSORS,
    make_new, rectangle_make_new,
    attr, rig_attr,
    locals_dict, &rect_locals
    );

static const mp_rom_map_elem_t vectorio_globals_table[] = {
    { MP_ROM_QSTR(MP_QSTR___name__), MP_ROM_QSTR(MP_QSTR_vectorio) },
    { MP_ROM_QSTR(MP_QSTR_Rectangle), MP_ROM_PTR(&rig_rectangle_type) },
};
static MP_DEFINE_CONST_DICT(vectorio_globals, vectorio_globals_table);

const mp_obj_module_t rig_vectorio_module = {
    .base = { &mp_type_module },
    .globals = (mp_obj_dict_t *)&vectorio_globals,
};
MP_REGISTER_MODULE(MP_QSTR_vectorio, rig_vectorio_module);
