import Foundation

/// What an output path names: a file to be replaced (which takes --force), or something to
/// write into as it is — a character device (`/dev/null`), a FIFO, a socket, standard output
/// through `/dev/stdout`. Those are never renamed over: writing is all they take.
public enum OutputPath {
    /// "-" (standard output), or an existing path that is not a regular file nor a directory.
    public static func isStream(_ path: String) -> Bool {
        if path == "-" { return true }
        // /dev/stdout, /dev/fd/N and /proc/self/fd/N name an open descriptor, whatever it
        // leads to (a file, when the output is redirected): never a file to rename over.
        if path.hasPrefix("/dev/") || path.hasPrefix("/proc/") { return FileManager.default.fileExists(atPath: path) }
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let kind = info.st_mode & S_IFMT
        return kind != S_IFREG && kind != S_IFDIR
    }

    /// Whether writing `path` would replace a file that is there (what --force is asked for).
    public static func replacesFile(_ path: String) -> Bool {
        var info = stat()
        guard !isStream(path), stat(path, &info) == 0 else { return false }
        return info.st_mode & S_IFMT == S_IFREG
    }
}
