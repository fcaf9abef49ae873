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

}
