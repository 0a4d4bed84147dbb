package server

import (
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"concordat/host"
)

// metrics are the server's Prometheus metrics, in a registry of its own.
type metrics struct {
	reg      *prometheus.Registry
	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
	phases   prometheus.Counter
	actions  prometheus.Histogram
	lag      prometheus.Histogram
	serve    http.Handler // the registry, in Prometheus' text format
}

func newMetrics() *metrics {
	m := &metrics{reg: prometheus.NewRegistry()}
	m.requests = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "concordat_http_requests_total", Help: "HTTP requests by method, route and status."},
		[]string{"method", "route", "status"})
	m.latency = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "concordat_http_request_seconds", Help: "HTTP request latency by route.",
		Buckets: prometheus.ExponentialBuckets(0.0005, 2, 16)}, []string{"route"})
	m.phases = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "concordat_phases_resolved_total", Help: "Decision windows closed (phases resolved)."})
	m.actions = prometheus.NewHistogram(prometheus.HistogramOpts{
		Name: "concordat_action_seconds", Help: "Time to apply and store one action.",
		Buckets: prometheus.ExponentialBuckets(0.0005, 2, 16)})
	m.lag = prometheus.NewHistogram(prometheus.HistogramOpts{
		Name: "concordat_deadline_lag_seconds", Help: "How late deadlines were resolved.",
		Buckets: prometheus.ExponentialBuckets(0.01, 2, 16)})
	m.reg.MustRegister(m.requests, m.latency, m.phases, m.actions, m.lag,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	m.serve = promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
	return m
}

func (m *metrics) observe(method, route string, status int, d time.Duration) {
	m.requests.WithLabelValues(method, route, strconv.Itoa(status)).Inc()
	m.latency.WithLabelValues(route).Observe(d.Seconds())
}

func (m *metrics) handler() http.Handler { return m.serve }

// MetricsHandler serves the Prometheus metrics, for an operator's address
// of its own (concordat serve --metrics-addr).
func (s *Server) MetricsHandler() http.Handler { return s.metrics.handler() }

// publicMetrics is GET /metrics on the API: the metrics with
// PublicMetrics, else 404 as for any unknown endpoint (what the server
// does and how busy it is are the operator's business).
func (s *Server) publicMetrics(w http.ResponseWriter, r *http.Request) {
	if !s.PublicMetrics {
		writeError(w, &host.Error{Code: host.CodeNotFound, Msg: "no such endpoint: GET /metrics (the operator serves the metrics on an address of its own)"})
		return
	}
	s.metrics.handler().ServeHTTP(w, r)
}

// DeadlineLag records how late a deadline was resolved.
func (s *Server) DeadlineLag(d time.Duration) { s.metrics.lag.Observe(d.Seconds()) }
