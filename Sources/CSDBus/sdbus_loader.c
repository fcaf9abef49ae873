// sd-bus (libsystemd.so.0), opened on first use; see include/sdbus_shim.h.
#include "sdbus_shim.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#define SPEAK_SDBUS_SYMBOLS(X) \
    X(sd_bus_open_user, int, (sd_bus **)) \
    X(sd_bus_flush_close_unref, sd_bus *, (sd_bus *)) \
    X(sd_bus_request_name, int, (sd_bus *, const char *, uint64_t)) \
    X(sd_bus_add_object, int, (sd_bus *, sd_bus_slot **, const char *, speak_sd_bus_handler, void *)) \
    X(sd_bus_slot_unref, sd_bus_slot *, (sd_bus_slot *)) \
    X(sd_bus_process, int, (sd_bus *, sd_bus_message **)) \
    X(sd_bus_wait, int, (sd_bus *, uint64_t)) \
    X(sd_bus_send, int, (sd_bus *, sd_bus_message *, uint64_t *)) \
    X(sd_bus_message_get_interface, const char *, (sd_bus_message *)) \
    X(sd_bus_message_get_member, const char *, (sd_bus_message *)) \
    X(sd_bus_message_is_method_call, int, (sd_bus_message *, const char *, const char *)) \
    X(sd_bus_message_read_basic, int, (sd_bus_message *, char, void *)) \
    X(sd_bus_message_enter_container, int, (sd_bus_message *, char, const char *)) \
    X(sd_bus_message_exit_container, int, (sd_bus_message *)) \
    X(sd_bus_message_peek_type, int, (sd_bus_message *, char *, const char **)) \
    X(sd_bus_message_new_method_return, int, (sd_bus_message *, sd_bus_message **)) \
    X(sd_bus_message_new_method_error, int, (sd_bus_message *, sd_bus_message **, const speak_sd_bus_error *)) \
    X(sd_bus_message_new_signal, int, (sd_bus *, sd_bus_message **, const char *, const char *, const char *)) \
    X(sd_bus_message_append_basic, int, (sd_bus_message *, char, const void *)) \
    X(sd_bus_message_open_container, int, (sd_bus_message *, char, const char *)) \
    X(sd_bus_message_close_container, int, (sd_bus_message *)) \
    X(sd_bus_message_unref, sd_bus_message *, (sd_bus_message *))

#define SPEAK_POINTER(name, result, parameters) static result (*p_##name) parameters;
SPEAK_SDBUS_SYMBOLS(SPEAK_POINTER)

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char failure[512];

static void load(void) {
    void *library = dlopen("libsystemd.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *reason = dlerror();
        snprintf(failure, sizeof failure, "%s", reason ? reason : "libsystemd.so.0 cannot be loaded");
        return;
    }
#define SPEAK_RESOLVE(name, result, parameters) \
    p_##name = (result (*) parameters)dlsym(library, #name); \
    if (!p_##name && !failure[0]) snprintf(failure, sizeof failure, "libsystemd.so.0 has no %s", #name);
    SPEAK_SDBUS_SYMBOLS(SPEAK_RESOLVE)
}

const char *speak_sdbus_missing(void) {
    pthread_once(&once, load);
    return failure[0] ? failure : NULL;
}


int speak_sd_bus_open_user(sd_bus **ret) { return speak_sdbus_missing() ? -38 : p_sd_bus_open_user(ret); }
sd_bus *speak_sd_bus_flush_close_unref(sd_bus *bus) { return speak_sdbus_missing() ? NULL : p_sd_bus_flush_close_unref(bus); }
int speak_sd_bus_request_name(sd_bus *bus, const char *name, uint64_t flags) {
    return speak_sdbus_missing() ? -38 : p_sd_bus_request_name(bus, name, flags);
}
int speak_sd_bus_add_object(sd_bus *bus, sd_bus_slot **slot, const char *path, speak_sd_bus_handler callback, void *userdata) {
    return speak_sdbus_missing() ? -38 : p_sd_bus_add_object(bus, slot, path, callback, userdata);
}
sd_bus_slot *speak_sd_bus_slot_unref(sd_bus_slot *slot) { return speak_sdbus_missing() ? NULL : p_sd_bus_slot_unref(slot); }
int speak_sd_bus_process(sd_bus *bus, sd_bus_message **ret) { return speak_sdbus_missing() ? -38 : p_sd_bus_process(bus, ret); }
int speak_sd_bus_wait(sd_bus *bus, uint64_t timeout_usec) { return speak_sdbus_missing() ? -38 : p_sd_bus_wait(bus, timeout_usec); }
int speak_sd_bus_send(sd_bus *bus, sd_bus_message *m, uint64_t *cookie) { return speak_sdbus_missing() ? -38 : p_sd_bus_send(bus, m, cookie); }
const char *speak_sd_bus_message_get_interface(sd_bus_message *m) { return speak_sdbus_missing() ? NULL : p_sd_bus_message_get_interface(m); }
const char *speak_sd_bus_message_get_member(sd_bus_message *m) { return speak_sdbus_missing() ? NULL : p_sd_bus_message_get_member(m); }
int speak_sd_bus_message_is_method_call(sd_bus_message *m, const char *interface, const char *member) {
    return speak_sdbus_missing() ? -38 : p_sd_bus_message_is_method_call(m, interface, member);
}
int speak_sd_bus_message_read_basic(sd_bus_message *m, char type, void *p) {
    return speak_sdbus_missing() ? -38 : p_sd_bus_message_read_basic(m, type, p);
}
int speak_sd_bus_message_enter_container(sd_bus_message *m, char type, const char *contents) {
    return speak_sdbus_missing() ? -38 : p_sd_bus_message_enter_container(m, type, contents);
}
int speak_sd_bus_message_exit_container(sd_bus_message *m) { return speak_sdbus_missing() ? -38 : p_sd_bus_message_exit_container(m); }
int speak_sd_bus_message_peek_type(sd_bus_message *m, char *type, const char **contents) {
    return speak_sdbus_missing() ? -38 : p_sd_bus_message_peek_type(m, type, contents);
}
int speak_sd_bus_message_new_method_return(sd_bus_message *call, sd_bus_message **m) {
    return speak_sdbus_missing() ? -38 : p_sd_bus_message_new_method_return(call, m);
}
int speak_sd_bus_message_new_method_error(sd_bus_message *call, sd_bus_message **m, const speak_sd_bus_error *e) {
    return speak_sdbus_missing() ? -38 : p_sd_bus_message_new_method_error(call, m, e);
}
int speak_sd_bus_message_new_signal(sd_bus *bus, sd_bus_message **m, const char *path, const char *interface, const char *member) {
    return speak_sdbus_missing() ? -38 : p_sd_bus_message_new_signal(bus, m, path, interface, member);
}
int speak_sd_bus_message_append_basic(sd_bus_message *m, char type, const void *p) {
    return speak_sdbus_missing() ? -38 : p_sd_bus_message_append_basic(m, type, p);
}
int speak_sd_bus_message_open_container(sd_bus_message *m, char type, const char *contents) {
    return speak_sdbus_missing() ? -38 : p_sd_bus_message_open_container(m, type, contents);
}
int speak_sd_bus_message_close_container(sd_bus_message *m) { return speak_sdbus_missing() ? -38 : p_sd_bus_message_close_container(m); }
sd_bus_message *speak_sd_bus_message_unref(sd_bus_message *m) { return speak_sdbus_missing() ? NULL : p_sd_bus_message_unref(m); }
