// What the board rig's C modules share (rig.h).

#include "py/builtin.h"
#include "py/gc.h"
#include "py/objtype.h"
#include "py/runtime.h"

#include "rig.h"

void rig_attr(mp_obj_t self_in, qstr attr, mp_obj_t *dest) {
    const mp_obj_type_t *type = mp_obj_get_type(self_in);
    mp_map_t *locals = &MP_OBJ_TYPE_GET_SLOT(type, locals_dict)->map;
    mp_map_elem_t *elem = mp_map_lookup(locals, MP_OBJ_NEW_QSTR(attr), MP_MAP_LOOKUP);
    if (elem != NULL && mp_obj_is_type(elem->value, &mp_type_property)) {
        const mp_obj_t *proxy = mp_obj_property_get(elem->value);
        if (dest[0] == MP_OBJ_NULL) {
            // load
            if (proxy[0] != mp_const_none) {
                dest[0] = mp_call_function_1(proxy[0], self_in);
            }
        } else if (dest[1] != MP_OBJ_NULL) {
            // store
            if (proxy[1] != mp_const_none) {
                mp_call_function_2(proxy[1], self_in, dest[1]);
                dest[0] = MP_OBJ_NULL; // done
            }
        }
        return;
    }
    if (dest[0] == MP_OBJ_NULL) {
        dest[1] = MP_OBJ_SENTINEL; // not a property: the methods in the locals dict
    }
}

void *rig_native(mp_obj_t obj, const mp_obj_type_t *type) {
    mp_obj_t native = mp_obj_cast_to_native_base(obj, MP_OBJ_FROM_PTR(type));
    if (native == MP_OBJ_NULL || !mp_obj_is_type(native, type)) {
        mp_raise_msg_varg(&mp_type_TypeError, MP_ERROR_TEXT("%q expected, not %s"
            " (or super().__init__() not called yet)"), type->name, mp_obj_get_type_str(obj));
    }
    return MP_OBJ_TO_PTR(native);
}

mp_int_t rig_int_range(mp_obj_t value, mp_int_t lo, mp_int_t hi, qstr arg) {
    mp_int_t i = mp_obj_get_int(value);
    if (i < lo || i > hi) {
        mp_raise_msg_varg(&mp_type_ValueError, MP_ERROR_TEXT("%q must be %d-%d"), arg,
            (int)lo, (int)hi);
    }
    return i;
}

void *rig_block(size_t n) {
    return m_malloc(n);
}

extern int rig_in_player; // main.c

mp_obj_t rig_call_driver(qstr name) {
    // While the player runs, a name it interns that it had interned before the seal is not
    // charged to the app (main.c's rig_qstr_charge): "on_" + the screen's name, say.
    int was = rig_in_player;
    rig_in_player = 1;
    nlr_buf_t nlr;
    if (nlr_push(&nlr) == 0) {
        mp_obj_t mod = mp_import_name(MP_QSTR_rigdriver, mp_const_none, MP_OBJ_NEW_SMALL_INT(0));
        mp_obj_t result = mp_call_function_0(mp_load_attr(mod, name));
        nlr_pop();
        rig_in_player = was;
        return result;
    }
    rig_in_player = was;
    nlr_jump(nlr.ret_val);
}
