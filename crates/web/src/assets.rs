//! The page's files, embedded in the binary: the server never reads the file system, so no
//! request path can reach a file outside this table.

/// One embedded file: its URL path, content type and bytes.
pub struct Asset {
    /// The exact URL path that serves it.
    pub path: &'static str,
    /// Its `Content-Type`.
    pub content_type: &'static str,
    /// Its contents.
    pub body: &'static [u8],
}

/// Every file the server will ever send that is not an API answer.
pub const ASSETS: &[Asset] = &[
    Asset {
        path: "/",
        content_type: "text/html; charset=utf-8",
        body: include_bytes!("../assets/index.html"),
    },
    Asset {
        path: "/app.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_bytes!("../assets/app.js"),
    },
    Asset {
        path: "/archive.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_bytes!("../assets/archive.js"),
    },
    Asset {
        path: "/review.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_bytes!("../assets/review.js"),
    },
    Asset {
        path: "/sound.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_bytes!("../assets/sound.js"),
    },
    Asset {
        path: "/keyboard.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_bytes!("../assets/keyboard.js"),
    },
    Asset {
        path: "/openings.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_bytes!("../assets/openings.js"),
    },
    Asset {
        path: "/a11y.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_bytes!("../assets/a11y.js"),
    },
    Asset {
        path: "/style.css",
        content_type: "text/css; charset=utf-8",
        body: include_bytes!("../assets/style.css"),
    },
    Asset {
        path: "/favicon.svg",
        content_type: "image/svg+xml",
        body: include_bytes!("../assets/favicon.svg"),
    },
];

/// The embedded file at exactly `path` (`/index.html` is an alias of `/`). Anything else,
/// including every `..` or percent-encoded trick, is simply not in the table.
pub fn lookup(path: &str) -> Option<&'static Asset> {
    let path = if path == "/index.html" { "/" } else { path };
    ASSETS.iter().find(|a| a.path == path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_exact_embedded_paths_resolve() {
        assert!(lookup("/").is_some());
        assert!(lookup("/index.html").is_some());
        assert!(lookup("/app.js").is_some());
        for bad in [
            "/../Cargo.toml",
            "/%2e%2e/Cargo.toml",
            "/app.js/../../../etc/passwd",
            "//etc/passwd",
            "/web/app.js",
            "/APP.JS",
            "",
        ] {
            assert!(lookup(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn the_page_references_only_embedded_files() {
        let html = std::str::from_utf8(lookup("/").unwrap().body).unwrap();
        for asset in [
            "/app.js",
            "/sound.js",
            "/keyboard.js",
            "/openings.js",
            "/a11y.js",
            "/style.css",
            "/favicon.svg",
        ] {
            assert!(
                html.contains(&format!("\"{asset}\"")),
                "index.html loads {asset}"
            );
        }
        assert!(
            !html.contains("http://") && !html.contains("https://"),
            "no CDN"
        );
        let css = std::str::from_utf8(lookup("/style.css").unwrap().body).unwrap();
        for remote in ["http", "@import", "@font-face"] {
            assert!(
                !css.contains(remote),
                "the style loads nothing remote ({remote})"
            );
        }
        let js = std::str::from_utf8(lookup("/app.js").unwrap().body).unwrap();
        let urls = js.matches("http").count();
        let namespace = js.matches("\"http://www.w3.org/2000/svg\"").count();
        assert_eq!(
            urls, namespace,
            "the script's only URL is the SVG namespace"
        );
    }
}
