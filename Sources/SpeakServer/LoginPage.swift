import Foundation

/// The one page open to everyone when a password is set.
enum LoginPage {
    static func render(failed: Bool) -> String {
        let error = failed ? "<p class=\"error\" role=\"alert\">That password is not right.</p>" : ""
        return HTML.page(title: "Log in", body: """
            <main id="main" class="login"><h1>speak</h1>\(error)
            <form method="post" action="/login"><label for="password">Password</label>
            <input id="password" name="password" type="password" autocomplete="current-password" required autofocus>
            <button type="submit">Log in</button></form></main>
            """)
    }

    /// Field `name` of an `application/x-www-form-urlencoded` body.
    static func field(_ name: String, in body: String) -> String? {
        for pair in body.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0] == name else { continue }
            let value = parts[1].replacingOccurrences(of: "+", with: " ")
            return value.removingPercentEncoding ?? value
        }
        return nil
    }
}
