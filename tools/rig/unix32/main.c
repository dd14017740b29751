// micropython32: run one script under the board's memory limits.
//
//   micropython32 [-X heapsize=N[K|M]] [-X pystack=N[K]] [-X righeap=N[K|M]]
//                 [-X rigstart=MODULE] (script.py | -c CODE) [args...]
//
// One heap of exactly heapsize bytes (default 1 MB) is malloc'd once and handed to the
// collector, whose tables live inside it as on the board; it never grows. The pystack
// (Python call frames) is a separate fixed buffer of pystack bytes (default 2048, the
// SAMD51's CIRCUITPY_PYSTACK_SIZE). The collector runs whenever an allocation does not
// fit, also deep inside calls: it scans the registers and the C stack up to the top that
// main() records, the pystack, and the core's root pointers. An allocation that still does
// not fit raises MemoryError.
//
// The rig's area (-X righeap=N, default 0: none): what the board does not hold lives
// outside the capped heap. The collector starts with an area of N bytes, the rig's; the
// module rigstart names (found on sys.path: the board rig's player, tools/rig/boardrig.py)
// is imported there, then the area is sealed (seal() below): a collection, the interned
// names' open chunk closed and a fresh pool begun for the names to come, sys.path,
// sys.argv, sys.modules and __main__'s tables moved, and the capped area of exactly
// heapsize bytes (the collector's tables included) added. From then on every allocation
// comes from the capped area (the sealed area takes none, py/gc.c as patched by
// patch_core.py), and gc.mem_alloc(), gc.mem_free() and micropython.mem_info() count the
// capped area only. The script runs after the seal, outermost on the pystack. With
// righeap 0, rigstart (if named) is imported into the one capped heap before the script.
//
// sys.path: the script's folder (the current folder for -c), then MICROPYPATH's entries
// (colon-separated; an empty one is the current folder). sys.argv: the script and its args.
// Exit status: 0 at the end, n for SystemExit(n), 1 after an uncaught exception (its
// traceback on stderr), 2 for a bad command line.

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "py/builtin.h"
#include "py/compile.h"
#include "py/gc.h"
#include "py/mperrno.h"
#include "py/mphal.h"
#include "py/nlr.h"
#include "py/objlist.h"
#include "py/objstr.h"
#include "py/qstr.h"
#include "py/runtime.h"
#include "py/stackctrl.h"

#define PROG "micropython32"

static size_t heap_size = 1024 * 1024;
static size_t pystack_size = 2048;
static size_t rig_heap_size = 0;
static const char *rig_start = NULL;

// Set by seal(): read by py/gc.c as patched (mpconfigport.h's RIG_AREA_SEALED).
int rig_heap_sealed = 0;
// The rig's last pool of interned names at the seal (py/qstr.c's qstr_info stops there).
const qstr_pool_t *rig_sealed_pool = NULL;
// Non-zero while the rig's player runs (rig.c's rig_call_driver).
int rig_in_player = 0;
// The names interned before the seal: ids [rig_qstr_lo, rig_qstr_hi); a bit for each,
// set once the app has paid for it (outside the heap, as the rig's own bookkeeping).
static size_t rig_qstr_lo = 0;
static size_t rig_qstr_hi = 0;
static unsigned char *rig_qstr_charged = NULL;

// py/qstr.c as patched: true when the app, interning ``q``, must pay for a copy of it (a
// name interned before the seal, used outside the player, the first time).
int rig_qstr_charge(unsigned int q) {
    if (!rig_heap_sealed || rig_in_player || q < rig_qstr_lo || q >= rig_qstr_hi) {
        return 0;
    }
    size_t i = q - rig_qstr_lo;
    unsigned char bit = (unsigned char)(1u << (i % 8));
    if (rig_qstr_charged[i / 8] & bit) {
        return 0;
    }
    rig_qstr_charged[i / 8] |= bit;
    return 1;
}

// ----- stdout and stderr ----------------------------------------------------------------------

// stdout is line-buffered (one write per line, even into a pipe) and flushed before anything
// goes to stderr and at exit, so the two keep their order and nothing is lost on exit.
mp_uint_t mp_hal_stdout_tx_strn(const char *str, size_t len) {
    return fwrite(str, 1, len, stdout);
}

void mp_hal_stdout_tx_str(const char *str) {
    mp_hal_stdout_tx_strn(str, strlen(str));
}

void mp_hal_stdout_tx_strn_cooked(const char *str, size_t len) {
    mp_hal_stdout_tx_strn(str, len);
}

static void stderr_print_strn(void *env, const char *str, size_t len) {
    (void)env;
    fflush(stdout);
    fwrite(str, 1, len, stderr);
}

static const mp_print_t stderr_print = {NULL, stderr_print_strn};

// ----- what the core asks of a port -----------------------------------------------------------

// The roots held by the C code that was running when the collection began: the i386
// callee-saved registers (a caller's pointer may live only in one of them) stored into an
// array on this frame, then the C stack from that array up to the top recorded in main().
// Explicit asm rather than gchelper_generic.c's register variables, whose value GCC only
// guarantees as asm operands; setjmp() would do too, but glibc mangles some of what it saves.
static MP_NOINLINE void gc_collect_regs_and_stack(void) {
    uintptr_t regs[4];
    __asm__ volatile (
        "movl %%ebx, 0(%0)\n\t"
        "movl %%esi, 4(%0)\n\t"
        "movl %%edi, 8(%0)\n\t"
        "movl %%ebp, 12(%0)\n\t"
        : : "r" (regs) : "memory");
    gc_collect_root((void **)regs,
        ((uintptr_t)MP_STATE_THREAD(stack_top) - (uintptr_t)regs) / sizeof(uintptr_t));
}

void gc_collect(void) {
    gc_collect_start(); // the core's roots and the pystack
    gc_collect_regs_and_stack();
    gc_collect_end();
}

mp_import_stat_t mp_import_stat(const char *path) {
    struct stat st;
    if (stat(path, &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            return MP_IMPORT_STAT_DIR;
        } else if (S_ISREG(st.st_mode)) {
            return MP_IMPORT_STAT_FILE;
        }
    }
    return MP_IMPORT_STAT_NO_EXIST;
}

void nlr_jump_fail(void *val) {
    fflush(stdout);
    fprintf(stderr, PROG ": uncaught NLR %p\n", val);
    exit(1);
}

// ----- the command line -----------------------------------------------------------------------

static int usage(void) {
    fprintf(stderr,
        "usage: " PROG " [-X heapsize=N[K|M]] [-X pystack=N[K]] [-X righeap=N[K|M]]\n"
        "       [-X rigstart=MODULE] (script.py | -c CODE) [args...]\n"
        "  heapsize: the whole heap, the collector's tables included (default 1M); it never grows\n"
        "  pystack:  bytes for Python call frames (default 2048, as a SAMD51)\n"
        "  righeap:  the rig's area outside the heap (default 0: none), sealed before the script\n"
        "  rigstart: a module imported before the script (into the rig's area if there is one)\n");
    return 2;
}

// "N", "NK" or "NM" in bytes; 0 when malformed.
static size_t parse_size(const char *s) {
    char *end;
    errno = 0;
    unsigned long long n = strtoull(s, &end, 10);
    if (errno || end == s) {
        return 0;
    }
    if (*end == 'K' || *end == 'k') {
        n *= 1024;
        end++;
    } else if (*end == 'M' || *end == 'm') {
        n *= 1024 * 1024;
        end++;
    }
    if (*end != '\0' || n > (1ULL << 30)) {
        return 0;
    }
    return (size_t)n;
}

// -X option=value; false when unknown or malformed.
static bool x_option(const char *opt) {
    if (strncmp(opt, "heapsize=", 9) == 0) {
        heap_size = parse_size(opt + 9);
        return heap_size >= 1024;
    }
    if (strncmp(opt, "pystack=", 8) == 0) {
        pystack_size = parse_size(opt + 8);
        return pystack_size >= 64;
    }
    if (strncmp(opt, "righeap=", 8) == 0) {
        rig_heap_size = parse_size(opt + 8);
        return rig_heap_size == 0 || rig_heap_size >= 4096;
    }
    if (strncmp(opt, "rigstart=", 9) == 0) {
        rig_start = opt + 9;
        return rig_start[0] != '\0';
    }
    return false;
}

// ----- running ----------------------------------------------------------------------------

// The exit status for an exception that reached the top.
static int uncaught(mp_obj_t exc) {
    if (mp_obj_is_subclass_fast(MP_OBJ_FROM_PTR(mp_obj_get_type(exc)),
        MP_OBJ_FROM_PTR(&mp_type_SystemExit))) {
        mp_obj_t value = mp_obj_exception_get_value(exc);
        mp_int_t status;
        if (value == mp_const_none) {
            return 0;
        }
        if (mp_obj_get_int_maybe(value, &status)) {
            return status & 0xff;
        }
        mp_obj_print_helper(&stderr_print, value, PRINT_STR);
        stderr_print_strn(NULL, "\n", 1);
        return 1;
    }
    mp_obj_print_exception(&stderr_print, exc);
    return 1;
}

// Compile and run the file (or the code) as __main__; the exit status.
static int execute(const char *script, const char *code) {
    nlr_buf_t nlr;
    if (nlr_push(&nlr) == 0) {
        mp_lexer_t *lex;
        if (script != NULL) {
            lex = mp_lexer_new_from_file(qstr_from_str(script));
        } else {
            lex = mp_lexer_new_from_str_len(MP_QSTR__lt_string_gt_, code, strlen(code), 0);
        }
        qstr source_name = lex->source_name;
        if (script != NULL) {
            mp_store_global(MP_QSTR___file__, MP_OBJ_NEW_QSTR(source_name));
        }
        mp_parse_tree_t parse_tree = mp_parse(lex, MP_PARSE_FILE_INPUT);
        mp_obj_t module_fun = mp_compile(&parse_tree, source_name, false);
        mp_call_function_0(module_fun);
        nlr_pop();
        return 0;
    }
    return uncaught(MP_OBJ_FROM_PTR(nlr.ret_val));
}

// Import the module named by -X rigstart (the rig's start: its player, the plan); it leaves
// sys.modules again (what it imported stays there). The exit status, 0 when it went well.
static int import_rig_start(void) {
    nlr_buf_t nlr;
    if (nlr_push(&nlr) == 0) {
        qstr name = qstr_from_str(rig_start);
        mp_import_name(name, mp_const_none, MP_OBJ_NEW_SMALL_INT(0));
        mp_obj_dict_delete(MP_OBJ_FROM_PTR(&MP_STATE_VM(mp_loaded_modules_dict)),
            MP_OBJ_NEW_QSTR(name));
        nlr_pop();
        return 0;
    }
    return uncaught(MP_OBJ_FROM_PTR(nlr.ret_val));
}

// A copy in the current area of a map's table (the old one stays in the rig's area until
// collected): a table that the app's entries will grow is the app's, as on the board.
static void move_map_table(mp_map_t *map) {
    if (map->alloc == 0 || map->is_fixed) {
        return;
    }
    mp_map_elem_t *table = m_new(mp_map_elem_t, map->alloc);
    memcpy(table, map->table, map->alloc * sizeof(mp_map_elem_t));
    map->table = table;
}

extern const qstr_pool_t mp_qstr_const_pool;

// Seal the rig's area and add the capped one, whose data begins at ``cap`` (heap_size
// bytes; the area's own record, which gc_add keeps in front of it, is not counted: the
// board keeps it in its static state).
static void seal(char *cap) {
    gc_collect();
    // The open chunk of interned names' characters is closed (trimmed to what it holds):
    // the app's names would otherwise fill the rest of it, in the rig's area, for free.
    if (MP_STATE_VM(qstr_last_chunk) != NULL) {
        (void)m_renew_maybe(char, MP_STATE_VM(qstr_last_chunk), MP_STATE_VM(qstr_last_alloc),
            MP_STATE_VM(qstr_last_used), false);
        MP_STATE_VM(qstr_last_chunk) = NULL;
    }
    gc_add(cap - sizeof(mp_state_mem_area_t), cap + heap_size);
    rig_heap_sealed = 1;
    // The names to come go into a fresh pool in the capped area, as large as the first pool
    // the board makes (py/qstr.c's qstr_add: twice the constant pool's alloc), not into the
    // room left in the rig's last pool; then they grow as the board's do. A name the rig
    // interned, when the app interns it, is charged to the app (rig_qstr_charge).
    const qstr_pool_t *last = MP_STATE_VM(last_pool);
    if (last != &mp_qstr_const_pool) {
        rig_sealed_pool = last;
        rig_qstr_lo = mp_qstr_const_pool.total_prev_len + mp_qstr_const_pool.len;
        rig_qstr_hi = last->total_prev_len + last->len;
        rig_qstr_charged = calloc((rig_qstr_hi - rig_qstr_lo) / 8 + 1, 1);
        size_t alloc = mp_qstr_const_pool.alloc * 2;
        qstr_pool_t *pool = m_malloc(sizeof(qstr_pool_t)
            + (sizeof(const char *) + sizeof(qstr_hash_t) + sizeof(qstr_len_t)) * alloc);
        pool->hashes = (qstr_hash_t *)(pool->qstrs + alloc);
        pool->lengths = (qstr_len_t *)(pool->hashes + alloc);
        pool->prev = last;
        pool->total_prev_len = last->total_prev_len + last->len;
        pool->is_sorted = false;
        pool->alloc = alloc;
        pool->len = 0;
        MP_STATE_VM(last_pool) = pool;
    }
    // What the board's heap holds from its start, in the capped area too: sys.path's and
    // sys.argv's lists, and the tables of sys.modules and __main__'s globals (the rig's
    // modules stay in sys.modules: its player is found there).
    size_t n;
    mp_obj_t *items;
    mp_obj_list_get(mp_sys_path, &n, &items);
    mp_sys_path = mp_obj_new_list(n, items);
    mp_obj_list_t *argv = MP_OBJ_TO_PTR(mp_sys_argv);
    mp_obj_t *argv_items = m_new(mp_obj_t, argv->alloc);
    memcpy(argv_items, argv->items, argv->alloc * sizeof(mp_obj_t));
    argv->items = argv_items;
    move_map_table(&MP_STATE_VM(mp_loaded_modules_dict).map);
    move_map_table(&MP_STATE_VM(dict_main).map);
}

// Everything but recording the stack's top: kept out of main() so that all the frames that
// can hold heap pointers lie below that top, where the collector scans.
static MP_NOINLINE int run(int argc, char **argv) {
    const char *script = NULL;
    const char *code = NULL;
    int a = 1;
    for (; a < argc; a++) {
        if (strcmp(argv[a], "-X") == 0 && a + 1 < argc) {
            if (!x_option(argv[++a])) {
                fprintf(stderr, PROG ": bad option -X %s\n", argv[a]);
                return usage();
            }
        } else if (strcmp(argv[a], "-c") == 0 && a + 1 < argc) {
            code = argv[++a];
            argv[a] = "-c"; // sys.argv[0], as CPython has it
            break;
        } else if (argv[a][0] == '-' && argv[a][1] != '\0') {
            fprintf(stderr, PROG ": unknown option %s\n", argv[a]);
            return usage();
        } else {
            script = argv[a];
            break;
        }
    }
    if (script == NULL && code == NULL) {
        return usage();
    }
    if (script != NULL && access(script, R_OK) != 0) {
        fprintf(stderr, PROG ": can't open file '%s': %s\n", script, strerror(errno));
        return 2;
    }

    // The C stack's limit: the process's own, less a margin for the code that reports the
    // overflow, so that a deep recursion (with a big pystack) raises RuntimeError.
    struct rlimit rl;
    size_t c_stack = 8 * 1024 * 1024;
    if (getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < c_stack) {
        c_stack = rl.rlim_cur;
    }
    mp_stack_set_limit(c_stack - 64 * 1024);

    // The heap, once, exactly heap_size bytes; and the pystack beside it (not in it), as on
    // the board. With a rig's area, that area comes first and the capped one is added by
    // seal(); its data begins 16-byte aligned, as malloc() gives the one heap.
    char *heap = malloc(heap_size + (rig_heap_size ? sizeof(mp_state_mem_area_t) + 16 : 0));
    char *rig_heap = rig_heap_size ? malloc(rig_heap_size) : NULL;
    char *pystack = malloc(pystack_size);
    if (heap == NULL || pystack == NULL || (rig_heap_size && rig_heap == NULL)) {
        fprintf(stderr, PROG ": cannot allocate the heap or the pystack\n");
        return 1;
    }
    char *cap = heap;
    if (rig_heap_size) {
        cap = (char *)(((uintptr_t)heap + sizeof(mp_state_mem_area_t) + 15) & ~(uintptr_t)15);
        gc_init(rig_heap, rig_heap + rig_heap_size);
    } else {
        gc_init(heap, heap + heap_size);
    }
    mp_pystack_init(pystack, pystack + pystack_size);
    mp_init();

    // sys.path: the script's folder, then MICROPYPATH's entries.
    mp_sys_path = mp_obj_new_list(0, NULL);
    if (script != NULL) {
        char real[PATH_MAX];
        const char *dir = realpath(script, real) ? real : script;
        const char *slash = strrchr(dir, '/');
        mp_obj_list_append(mp_sys_path, slash ? mp_obj_new_str(dir, slash - dir) : MP_OBJ_NEW_QSTR(MP_QSTR_));
    } else {
        mp_obj_list_append(mp_sys_path, MP_OBJ_NEW_QSTR(MP_QSTR_));
    }
    const char *path = getenv("MICROPYPATH");
    while (path != NULL && *path != '\0') {
        const char *colon = strchr(path, ':');
        size_t len = colon ? (size_t)(colon - path) : strlen(path);
        mp_obj_list_append(mp_sys_path, len ? mp_obj_new_str(path, len) : MP_OBJ_NEW_QSTR(MP_QSTR_));
        path = colon ? colon + 1 : NULL;
    }

    // sys.argv: the script (or "-c") and what follows it
    mp_obj_list_init(MP_OBJ_TO_PTR(mp_sys_argv), 0);
    for (int i = a; i < argc; i++) {
        mp_obj_list_append(mp_sys_argv, mp_obj_new_str(argv[i], strlen(argv[i])));
    }

    int status = rig_start != NULL ? import_rig_start() : 0;
    if (status == 0) {
        if (rig_heap_size) {
            seal(cap);
        }
        status = execute(script, code);
    }
    mp_deinit();
    fflush(stdout);
    free(pystack);
    free(rig_heap);
    free(heap);
    return status;
}

int main(int argc, char **argv) {
    setvbuf(stdout, NULL, _IOLBF, 0);
    mp_stack_ctrl_init();
    return run(argc, argv);
}
