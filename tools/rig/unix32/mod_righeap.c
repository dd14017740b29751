// righeap: the board rig's heap census by kind (tools/rig/stubs/righeapcensus.py calls it).
//
//   righeap.census()   # after gc.collect(): prints "RIG-KIND <bytes> <blocks> <kind>" lines
//
// Every block the collector would keep in the capped heap (py/gc.c's rig_heap_walk, added
// by patch_core.py), summed by kind: an object by its type's name ("function", "Group",
// "Match", "PauseMenu"); a block that is no object by what first reached it ("function
// data": bytecode; "dict data": a dict's table; "Bitmap data": pixels); the interned names'
// pools and the characters they point to as "names"; "root data" for a bare block only a
// root reaches. The lines sum to gc.mem_alloc() after a collection: a test checks it
// (host_tests/test_unix32.py). Nothing is allocated on the heap it counts (the kinds
// are counted in static arrays, the walk's bookkeeping is C's malloc), so calling it
// changes no figure. A type that should be gone by then (a closed screen's) shows here.
//
// Its names (righeap, census) are in this binary's ROM, so no name of the app may be among
// them: a name the app uses that the interpreter already holds costs the app nothing, as
// on the board only for CircuitPython's own. Named "kinds" first, it spared the app its
// "kinds" (App.kinds): one name fewer in the app's pools moved single plans' heap floors
// by up to 3 KB (7p-hard-agurk 92,160 -> 89,088 B), with no line of the app changed.

#include <string.h>

#include "py/gc.h"
#include "py/mpprint.h"
#include "py/qstr.h"
#include "py/runtime.h"

int rig_heap_walk(void (*visit)(void *block, size_t bytes, void *parent, void *env), void *env);

#define KINDS (96)
#define NAME (40)

typedef struct _census_t {
    char kind[KINDS][NAME];
    size_t bytes[KINDS];
    size_t blocks[KINDS];
    size_t n;
} census_t;

static census_t census;

extern char __executable_start, _end;

static int in_binary(const void *p) {
    return (const char *)p >= &__executable_start && (const char *)p < &_end;
}

static int is_pool(const void *block) {
    for (const qstr_pool_t *pool = MP_STATE_VM(last_pool); pool != NULL; pool = pool->prev) {
        if ((const void *)pool == block) {
            return 1;
        }
    }
    return 0;
}

// The type's name if ``block`` is an object (its first word a type object, in the binary
// or a block of the heap: a Python class), else NULL.
static const char *type_name(void *block) {
    const mp_obj_type_t *t = *(const mp_obj_type_t **)block;
    if (t == NULL || ((uintptr_t)t & 3) != 0) {
        return NULL;
    }
    if (!in_binary(t) && gc_nbytes(t) == 0) {
        return NULL;
    }
    if (((const mp_obj_base_t *)t)->type != &mp_type_type) {
        return NULL;
    }
    return qstr_str(t->name);
}

static void count(const char *kind, size_t bytes) {
    size_t i = 0;
    while (i < census.n && strcmp(census.kind[i], kind) != 0) {
        i++;
    }
    if (i == census.n) {
        if (census.n == KINDS) {
            i = KINDS - 1; // the last row, "more kinds", takes every kind beyond
        } else {
            if (census.n == KINDS - 1) {
                kind = "more kinds";
            }
            strncpy(census.kind[i], kind, NAME - 1);
            census.kind[i][NAME - 1] = 0;
            census.bytes[i] = census.blocks[i] = 0;
            census.n++;
        }
    }
    census.bytes[i] += bytes;
    census.blocks[i]++;
}

static void visit(void *block, size_t bytes, void *parent, void *env) {
    (void)env;
    const char *name = type_name(block);
    if (name != NULL) {
        count(name, bytes);
        return;
    }
    if (is_pool(block) || (parent != NULL && is_pool(parent))) {
        count("names", bytes);
        return;
    }
    char kind[NAME];
    const char *owner = parent != NULL ? type_name(parent) : "root";
    snprintf(kind, sizeof(kind), "%s data", owner != NULL ? owner : "other");
    count(kind, bytes);
}

static mp_obj_t righeap_census(void) {
    census.n = 0;
    if (rig_heap_walk(visit, NULL) != 0) {
        mp_raise_msg(&mp_type_MemoryError, MP_ERROR_TEXT("righeap: no C memory for the walk"));
    }
    for (size_t i = 0; i < census.n; i++) {
        mp_printf(&mp_plat_print, "RIG-KIND %u %u %s\n", (unsigned)census.bytes[i],
            (unsigned)census.blocks[i], census.kind[i]);
    }
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_0(righeap_census_obj, righeap_census);

static const mp_rom_map_elem_t righeap_globals_table[] = {
    { MP_ROM_QSTR(MP_QSTR___name__), MP_ROM_QSTR(MP_QSTR_righeap) },
    { MP_ROM_QSTR(MP_QSTR_census), MP_ROM_PTR(&righeap_census_obj) },
};
static MP_DEFINE_CONST_DICT(righeap_globals, righeap_globals_table);

const mp_obj_module_t righeap_module = {
    .base = { &mp_type_module },
    .globals = (mp_obj_dict_t *)&righeap_globals,
};

MP_REGISTER_MODULE(MP_QSTR_righeap, righeap_module);
