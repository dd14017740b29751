// micropython32: run one script under the board's memory limits.
//
//   micropython32 [-X heapsize=N[K|M]] [-X pystack=N[K]] (script.py | -c CODE) [args...]
//
// One heap of exactly heapsize bytes (default 1 MB) is malloc'd once and handed to the
// collector, whose tables live inside it as on the board; it never grows. The pystack
// (Python call frames) is a separate fixed buffer of pystack bytes (default 2048, the
// SAMD51's CIRCUITPY_PYSTACK_SIZE). The collector runs whenever an allocation does not
// fit, also deep inside calls: it scans the registers and the C stack up to the top that
// main() records, the pystack, and the core's root pointers. An allocation that still does
// not fit raises MemoryError.
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
#include "py/objstr.h"
#include "py/runtime.h"
#include "py/stackctrl.h"

#define PROG "micropython32"

static size_t heap_size = 1024 * 1024;
static size_t pystack_size = 2048;

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
        "usage: " PROG " [-X heapsize=N[K|M]] [-X pystack=N[K]] (script.py | -c CODE) [args...]\n"
        "  heapsize: the whole heap, the collector's tables included (default 1M); it never grows\n"
        "  pystack:  bytes for Python call frames (default 2048, as a SAMD51)\n");
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
    // the board.
    char *heap = malloc(heap_size);
    char *pystack = malloc(pystack_size);
    if (heap == NULL || pystack == NULL) {
        fprintf(stderr, PROG ": cannot allocate the heap or the pystack\n");
        return 1;
    }
    gc_init(heap, heap + heap_size);
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

    int status = execute(script, code);
    mp_deinit();
    fflush(stdout);
    free(pystack);
    free(heap);
    return status;
}

int main(int argc, char **argv) {
    setvbuf(stdout, NULL, _IOLBF, 0);
    mp_stack_ctrl_init();
    return run(argc, argv);
}
