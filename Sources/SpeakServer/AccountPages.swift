import Foundation
import Hummingbird
import SpeakSync

/// Logging in to the web reader with an account (`speak serve --accounts`): the library shown
/// is then the account's own.
struct AccountPages {
    let accounts: AccountStore
    let libraries: AccountLibraries

    static func render(error: String? = nil, name: String = "") -> String {
        let said = error.map { "<p class=\"error\" role=\"alert\">\(HTML.escape($0))</p>" } ?? ""
        return HTML.page(title: "Log in to your account", body: """
            <main id="main" class="login"><h1>speak</h1>\(said)
            <form method="post" action="/account/login">
            <label for="name">User name</label>
            <input id="name" name="name" autocomplete="username" value="\(HTML.escape(name))" required autofocus>
            <label for="password">Password</label>
            <input id="password" name="password" type="password" autocomplete="current-password" required>
            <button type="submit">Log in</button></form>
            <p>No account yet? <code>speak account create --server URL --name NAME</code> makes one.</p></main>
            """)
    }

    static let logoutPage = HTML.page(title: "Log out", body: """
        <main id="main" class="login"><h1>speak</h1>
        <form method="post" action="/account/logout"><button type="submit">Log out of your account</button></form></main>
        """)

    func add(to router: Router<BasicRequestContext>) {
        router.get("/account/login") { _, _ in ServerRoutes.html(Self.render()) }
        router.post("/account/login") { request, _ in
            let form = try await ServerRoutes.form(request)
            let name = form["name"] ?? "", password = form["password"] ?? ""
            let accounts = accounts
            do {
                let session = try await libraries.blocking { try accounts.login(name: name, password: password, device: "web reader") }
                var response = Response(status: .seeOther, headers: [.location: "/"])
                response.setCookie(Cookie(name: AccountLibraries.cookie, value: session.token, path: "/", httpOnly: true, sameSite: .strict))
                return response
            } catch let error as AccountError {
                var response = ServerRoutes.html(Self.render(error: error.message, name: name))
                response.status = error.kind == .tooManyAttempts ? .tooManyRequests : error.kind == .storage ? .serviceUnavailable : .unauthorized
                return response
            }
        }
        router.get("/account/logout") { _, _ in ServerRoutes.html(Self.logoutPage) }
        router.post("/account/logout") { request, _ in
            if let token = request.cookies[AccountLibraries.cookie]?.value {
                let accounts = accounts
                _ = try? await libraries.blocking { try accounts.logout(token: token) }
            }
            var response = Response(status: .seeOther, headers: [.location: "/account/login"])
            response.setCookie(Cookie(name: AccountLibraries.cookie, value: "", maxAge: 0, path: "/", httpOnly: true, sameSite: .strict))
            return response
        }
    }
}
