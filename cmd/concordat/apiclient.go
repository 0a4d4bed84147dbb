package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"strings"
)

// apiClient calls a Concordat server's public JSON API, with a personal
// API token (Authorization: Bearer) or a session cookie (a jar).
type apiClient struct {
	base  string // "http://127.0.0.1:8080", no trailing slash
	token string
	hc    *http.Client
}

func newAPIClient(base, token string) *apiClient {
	jar, _ := cookiejar.New(nil)
	return &apiClient{base: strings.TrimRight(base, "/"), token: token, hc: &http.Client{Jar: jar}}
}

// apiError is an error answer of the API: its status and message.
type apiError struct {
	Status  int
	Code    string
	Message string
}

func (e *apiError) Error() string {
	return fmt.Sprintf("%d %s: %s", e.Status, e.Code, e.Message)
}

// call sends method path with body (JSON; nil: none) and decodes a 2xx
// answer into out (nil: dropped); any other answer is an *apiError.
func (c *apiClient) call(ctx context.Context, method, path string, body, out any) error {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, rd)
	if err != nil {
		return err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 16<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode/100 != 2 {
		var e struct {
			Error struct {
				Code    string `json:"code"`
				Message string `json:"message"`
			} `json:"error"`
		}
		json.Unmarshal(b, &e)
		if e.Error.Message == "" {
			e.Error.Message = strings.TrimSpace(string(b))
		}
		return &apiError{Status: resp.StatusCode, Code: e.Error.Code, Message: e.Error.Message}
	}
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			return fmt.Errorf("%s %s: decoding the answer: %w", method, path, err)
		}
	}
	return nil
}

// apiGame is GET /api/games/{id} as a bot reads it.
type apiGame struct {
	Game struct {
		ID      int64  `json:"id"`
		Game    string `json:"game"`
		Variant string `json:"variant"`
		Status  string `json:"status"`
		Seq     int64  `json:"seq"`
		Result  string `json:"result"`
	} `json:"game"`
	Seats []struct {
		Seat    string `json:"seat"`
		Player  string `json:"player"`
		Bot     bool   `json:"bot"`
		BotKind string `json:"bot_kind"`
	} `json:"seats"`
	You      string          `json:"you"`
	View     json.RawMessage `json:"view"`
	Pending  []promptJSON    `json:"pending"`
	Window   string          `json:"window"`
	BotKinds []string        `json:"bot_kinds"`
}

type promptJSON struct {
	Seat      string `json:"seat"`
	Kind      string `json:"kind"`
	Submitted bool   `json:"submitted"`
	Ready     bool   `json:"ready"`
}
