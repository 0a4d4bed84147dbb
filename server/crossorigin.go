package server

import (
	"net/http"
	"strings"

	"concordat/host"
)

// crossSiteRefused reports whether r is a state-changing request (not GET,
// HEAD or OPTIONS) authenticated by the session cookie that a browser sent
// from another site, and so must be refused: a page elsewhere may not act
// with its visitor's session (join, leave, log out …, which need no body a
// form could not send).
//
// It is net/http's CrossOriginProtection: a browser says where a request
// comes from in Sec-Fetch-Site (every current browser, to HTTPS origins
// and localhost), which must be "same-origin" (or "none": the user's own
// doing, such as a bookmark); without it (plain HTTP), the Origin header,
// which browsers send with every POST, must name this server's host (the
// request's Host) or one of TrustedOrigins. "same-site" is refused too: a
// sibling subdomain is another site's code. A request with neither header
// is not a browser's (a browser always sends one of them with a POST), so
// a script keeping a cookie jar is served. Requests with an Authorization:
// Bearer token are not judged: no browser adds the token by itself.
func (s *Server) crossSiteRefused(r *http.Request) error {
	switch r.Method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return nil
	}
	if strings.HasPrefix(r.Header.Get("Authorization"), "Bearer ") {
		return nil
	}
	if _, err := r.Cookie(SessionCookie); err != nil {
		return nil
	}
	s.csrfOnce.Do(func() {
		s.csrf = http.NewCrossOriginProtection()
		for _, o := range s.TrustedOrigins {
			if err := s.csrf.AddTrustedOrigin(o); err != nil {
				s.Log.Error("trusted origin refused", "origin", o, "err", err)
			}
		}
	})
	if s.csrf.Check(r) != nil {
		return &host.Error{Code: host.CodeForbidden, Msg: "cross-site request refused: a page of another site may not act with your session cookie " +
			"(Sec-Fetch-Site or Origin says it came from elsewhere); a client on another site uses an Authorization: Bearer token"}
	}
	return nil
}
