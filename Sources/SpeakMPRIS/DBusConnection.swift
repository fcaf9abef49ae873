import CSDBus
import Foundation

/// A value sent over D-Bus: the few types MPRIS needs.
enum DBusValue: Equatable {
    case string(String)
    case objectPath(String)
    case double(Double)
    case int64(Int64)
    case int32(Int32)
    case bool(Bool)
    case strings([String])
    case dictionary([(String, DBusValue)])

    static func == (a: DBusValue, b: DBusValue) -> Bool {
        switch (a, b) {
        case (.string(let x), .string(let y)), (.objectPath(let x), .objectPath(let y)): x == y
        case (.double(let x), .double(let y)): x == y
        case (.int64(let x), .int64(let y)): x == y
        case (.int32(let x), .int32(let y)): x == y
        case (.bool(let x), .bool(let y)): x == y
        case (.strings(let x), .strings(let y)): x == y
        case (.dictionary(let x), .dictionary(let y)): x.map(\.0) == y.map(\.0) && zip(x, y).allSatisfy { $0.1 == $1.1 }
        default: false
        }
    }

    /// The D-Bus signature of the value.
    var signature: String {
        switch self {
        case .string: "s"
        case .objectPath: "o"
        case .double: "d"
        case .int64: "x"
        case .int32: "i"
        case .bool: "b"
        case .strings: "as"
        case .dictionary: "a{sv}"
        }
    }
}

/// A D-Bus failure, with sd-bus's negative errno.
struct DBusFailure: Error {
    var call: String
    var code: Int32
}

/// A method call received, read from the front, and the reply built for it.
struct DBusMessage {
    let pointer: OpaquePointer

    var interface: String { speak_sd_bus_message_get_interface(pointer).map { String(cString: $0) } ?? "" }
    var member: String { speak_sd_bus_message_get_member(pointer).map { String(cString: $0) } ?? "" }
    var isMethodCall: Bool { speak_sd_bus_message_is_method_call(pointer, nil, nil) > 0 }

    /// The next argument as a string or object path; nil when it is of another type.
    func readString() -> String? {
        var type: CChar = 0
        guard speak_sd_bus_message_peek_type(pointer, &type, nil) > 0, type == code("s") || type == code("o") else { return nil }
        var value: UnsafePointer<CChar>?
        guard speak_sd_bus_message_read_basic(pointer, type, &value) > 0, let value else { return nil }
        return String(cString: value)
    }

    func readInt64() -> Int64? {
        var value: Int64 = 0
        return speak_sd_bus_message_read_basic(pointer, code("x"), &value) > 0 ? value : nil
    }

    /// A variant holding a number (a double, or an integer given where a double is meant).
    func readVariantNumber() -> Double? {
        var type: CChar = 0
        var contents: UnsafePointer<CChar>?
        guard speak_sd_bus_message_peek_type(pointer, &type, &contents) > 0, type == code("v"), let contents else { return nil }
        guard speak_sd_bus_message_enter_container(pointer, code("v"), contents) > 0 else { return nil }
        defer { speak_sd_bus_message_exit_container(pointer) }
        switch String(cString: contents) {
        case "d":
            var value = 0.0
            return speak_sd_bus_message_read_basic(pointer, code("d"), &value) > 0 ? value : nil
        case "x":
            var value: Int64 = 0
            return speak_sd_bus_message_read_basic(pointer, code("x"), &value) > 0 ? Double(value) : nil
        case "i":
            var value: Int32 = 0
            return speak_sd_bus_message_read_basic(pointer, code("i"), &value) > 0 ? Double(value) : nil
        default: return nil
        }
    }
}

/// Builds the arguments of an outgoing message.
struct DBusWriter {
    let pointer: OpaquePointer

    func append(_ value: DBusValue) {
        switch value {
        case .string(let text): text.withCString { _ = speak_sd_bus_message_append_basic(pointer, code("s"), $0) }
        case .objectPath(let path): path.withCString { _ = speak_sd_bus_message_append_basic(pointer, code("o"), $0) }
        case .double(var number): speak_sd_bus_message_append_basic(pointer, code("d"), &number)
        case .int64(var number): speak_sd_bus_message_append_basic(pointer, code("x"), &number)
        case .int32(var number): speak_sd_bus_message_append_basic(pointer, code("i"), &number)
        case .bool(let flag):
            var number: Int32 = flag ? 1 : 0
            speak_sd_bus_message_append_basic(pointer, code("b"), &number)
        case .strings(let texts):
            speak_sd_bus_message_open_container(pointer, code("a"), "s")
            for text in texts { append(.string(text)) }
            speak_sd_bus_message_close_container(pointer)
        case .dictionary(let entries):
            speak_sd_bus_message_open_container(pointer, code("a"), "{sv}")
            for (key, value) in entries {
                speak_sd_bus_message_open_container(pointer, code("e"), "sv")
                append(.string(key))
                appendVariant(value)
                speak_sd_bus_message_close_container(pointer)
            }
            speak_sd_bus_message_close_container(pointer)
        }
    }

    func appendVariant(_ value: DBusValue) {
        speak_sd_bus_message_open_container(pointer, code("v"), value.signature)
        append(value)
        speak_sd_bus_message_close_container(pointer)
    }
}

/// A connection to the session bus, used from one thread only (sd-bus is not thread-safe).
final class DBusConnection {
    private var bus: OpaquePointer?
    private var slots: [OpaquePointer] = []
    private var handlers: [ObjectHandler] = []

    /// Whether a session bus can be there at all, judged from the environment only (cheap:
    /// no library is loaded for a command that runs without a desktop).
    static func sessionBusExpected(environment: [String: String]) -> Bool {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return true }
        guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else { return false }
        return FileManager.default.fileExists(atPath: runtime + "/bus")
    }

    /// Connects to the session bus; nil when there is none or libsystemd cannot be loaded.
    init?() {
        guard speak_sdbus_missing() == nil else { return nil }
        var opened: OpaquePointer?
        guard speak_sd_bus_open_user(&opened) >= 0, let opened else { return nil }
        bus = opened
    }

    deinit { close() }

    func close() {
        for slot in slots { speak_sd_bus_slot_unref(slot) }
        slots.removeAll()
        if let bus { speak_sd_bus_flush_close_unref(bus) }
        bus = nil
    }

    /// Takes a well-known name; false when another connection has it.
    func requestName(_ name: String) -> Bool {
        guard let bus else { return false }
        return speak_sd_bus_request_name(bus, name, 0) >= 0
    }

    /// Calls `handler` for every message to `path`; it returns true when it replied.
    func addObject(path: String, handler: @escaping (DBusMessage) -> Bool) throws {
        guard let bus else { throw DBusFailure(call: "sd_bus_add_object", code: -107) }
        let box = ObjectHandler(handler)
        var slot: OpaquePointer?
        let status = speak_sd_bus_add_object(bus, &slot, path, { message, userdata, _ in
            guard let message, let userdata else { return 0 }
            return Unmanaged<ObjectHandler>.fromOpaque(userdata).takeUnretainedValue().handle(DBusMessage(pointer: message)) ? 1 : 0
        }, Unmanaged.passUnretained(box).toOpaque())
        guard status >= 0, let slot else { throw DBusFailure(call: "sd_bus_add_object", code: status) }
        handlers.append(box)
        slots.append(slot)
    }

    /// Handles what has arrived; false when the connection is gone.
    func process() -> Bool {
        guard let bus else { return false }
        while true {
            let status = speak_sd_bus_process(bus, nil)
            if status < 0 { return false }
            if status == 0 { return true }
        }
    }

    /// Waits until something arrives or `microseconds` pass.
    func wait(microseconds: UInt64) {
        guard let bus else { return }
        _ = speak_sd_bus_wait(bus, microseconds)
    }

    func reply(to call: DBusMessage, _ values: [DBusValue] = [], variant: DBusValue? = nil) {
        var reply: OpaquePointer?
        guard speak_sd_bus_message_new_method_return(call.pointer, &reply) >= 0, let reply else { return }
        defer { speak_sd_bus_message_unref(reply) }
        let writer = DBusWriter(pointer: reply)
        values.forEach(writer.append)
        if let variant { writer.appendVariant(variant) }
        send(reply)
    }

    func replyError(to call: DBusMessage, name: String, message: String) {
        name.withCString { name in
            message.withCString { text in
                var error = speak_sd_bus_error(name: name, message: text, _need_free: 0)
                var reply: OpaquePointer?
                guard speak_sd_bus_message_new_method_error(call.pointer, &reply, &error) >= 0, let reply else { return }
                send(reply)
                speak_sd_bus_message_unref(reply)
            }
        }
    }

    func signal(path: String, interface: String, member: String, _ values: [DBusValue]) {
        guard let bus else { return }
        var message: OpaquePointer?
        guard speak_sd_bus_message_new_signal(bus, &message, path, interface, member) >= 0, let message else { return }
        defer { speak_sd_bus_message_unref(message) }
        let writer = DBusWriter(pointer: message)
        values.forEach(writer.append)
        send(message)
    }

    private func send(_ message: OpaquePointer) {
        guard let bus else { return }
        _ = speak_sd_bus_send(bus, message, nil)
    }
}

/// Keeps a Swift handler alive for the C callback that calls it.
private final class ObjectHandler {
    let handle: (DBusMessage) -> Bool
    init(_ handle: @escaping (DBusMessage) -> Bool) { self.handle = handle }
}

func code(_ character: Unicode.Scalar) -> CChar { CChar(bitPattern: UInt8(character.value)) }
