package storetest

import (
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"concordat/store"
)

var (
	_ = add("Jobs/Claim", testJobsClaim)
	_ = add("Jobs/ExpiredLease", testJobsExpiredLease)
	_ = add("Jobs/Complete", testJobsComplete)
	_ = add("Jobs/NextDue", testJobsNextDue)
	_ = add("Jobs/ClaimRace", testJobsClaimRace)
	_ = add("Jobs/BadLimit", testJobsBadLimit)
)

// scheduleJobs starts a game with one job per due time (in milliseconds
// after t0), of kind "deadline".
func scheduleJobs(t *testing.T, s store.Store, dues ...int) *store.Game {
	t.Helper()
	g := newGame(t, s, fmt.Sprintf("jobs %v", dues), 0, at(0))
	var js []store.Job
	for _, d := range dues {
		js = append(js, store.Job{Kind: "deadline", DueAt: at(d)})
	}
	check(t, "SetStatus", s.SetStatus(t.Context(), g.ID, store.Active, "", time.Time{}, js))
	return g
}

func testJobsClaim(t *testing.T, s store.Store) {
	g := scheduleJobs(t, s, 3000, 1000, 2000, 9000)
	if js := claim(t, s, "w1", at(999), time.Minute, 10); len(js) != 0 {
		t.Fatalf("claimed before anything was due: %+v", js)
	}
	// Due at now counts; earliest first; up to limit.
	js := claim(t, s, "w1", at(2000), 30*time.Second, 10)
	same(t, "claimed at 2000", js, []store.Job{
		{ID: js[0].ID, GameID: g.ID, Kind: "deadline", DueAt: at(1000), LeaseOwner: "w1", LeaseUntil: at(32_000)},
		{ID: js[1].ID, GameID: g.ID, Kind: "deadline", DueAt: at(2000), LeaseOwner: "w1", LeaseUntil: at(32_000)},
	})
	if js[0].ID == js[1].ID {
		t.Fatalf("two jobs with ID %d", js[0].ID)
	}
	// Leased jobs are not claimed again, by anyone, while the lease runs.
	for _, owner := range []string{"w1", "w2"} {
		if again := claim(t, s, owner, at(2500), time.Minute, 10); len(again) != 0 {
			t.Fatalf("%s claimed leased or undue jobs: %+v", owner, again)
		}
	}
	js2 := claim(t, s, "w2", at(10_000), time.Minute, 1)
	same(t, "w2 claims the next due job only (limit 1)", js2, []store.Job{{ID: js2[0].ID, GameID: g.ID, Kind: "deadline", DueAt: at(3000), LeaseOwner: "w2", LeaseUntil: at(70_000)}})
	js3 := claim(t, s, "w2", at(10_000), time.Minute, 5)
	if len(js3) != 1 || !js3[0].DueAt.Equal(at(9000)) {
		t.Fatalf("then: %+v, want the job due at 9000", js3)
	}
	if again := claim(t, s, "w3", at(31_999), time.Minute, 10); len(again) != 0 {
		t.Fatalf("claimed jobs with running leases: %+v", again)
	}
	all := append(append(jobIDs(js), jobIDs(js2)...), jobIDs(js3)...)
	slices.Sort(all)
	if len(slices.Compact(all)) != 4 {
		t.Fatalf("job IDs %v: want 4 different", all)
	}
}

func testJobsExpiredLease(t *testing.T, s store.Store) {
	ctx := t.Context()
	g := scheduleJobs(t, s, 1000, 2000)
	first := claim(t, s, "w1", at(5000), 10*time.Second, 10)
	if len(first) != 2 {
		t.Fatalf("claimed %d jobs, want 2", len(first))
	}
	// w1 completes one and dies; the other's lease expires at 15000.
	check(t, "CompleteJob", s.CompleteJob(ctx, first[0].ID, "w1"))
	if js := claim(t, s, "w2", at(14_999), time.Minute, 10); len(js) != 0 {
		t.Fatalf("claimed before the lease expired: %+v", js)
	}
	js := claim(t, s, "w2", at(15_000), time.Minute, 10)
	same(t, "re-claimed at the lease's end", js, []store.Job{{ID: first[1].ID, GameID: g.ID, Kind: "deadline", DueAt: at(2000), LeaseOwner: "w2", LeaseUntil: at(75_000)}})
	// The old owner lost it; the new owner completes it.
	wantErr(t, "CompleteJob by the expired owner", s.CompleteJob(ctx, first[1].ID, "w1"), store.ErrLeaseLost)
	check(t, "CompleteJob by the new owner", s.CompleteJob(ctx, first[1].ID, "w2"))
	if js := claim(t, s, "w3", at(1_000_000), time.Minute, 10); len(js) != 0 {
		t.Fatalf("claimed completed jobs: %+v", js)
	}
	same(t, "NextDue with no jobs", nextDue(t, s), time.Time{})
}

func testJobsComplete(t *testing.T, s store.Store) {
	ctx := t.Context()
	scheduleJobs(t, s, 1000, 2000)
	js := claim(t, s, "w1", at(3000), time.Minute, 10)
	if len(js) != 2 {
		t.Fatalf("claimed %d jobs, want 2", len(js))
	}
	wantErr(t, "CompleteJob by another owner", s.CompleteJob(ctx, js[0].ID, "w2"), store.ErrLeaseLost)
	wantErr(t, "CompleteJob with no owner", s.CompleteJob(ctx, js[0].ID, ""), store.ErrLeaseLost)
	wantErr(t, "CompleteJob of an unknown job", s.CompleteJob(ctx, 1<<40, "w1"), store.ErrLeaseLost)
	check(t, "CompleteJob by the owner", s.CompleteJob(ctx, js[0].ID, "w1"))
	wantErr(t, "CompleteJob twice", s.CompleteJob(ctx, js[0].ID, "w1"), store.ErrLeaseLost)
	// The other job is still w1's, leased until 63000.
	same(t, "NextDue", nextDue(t, s), at(63_000))
	again := claim(t, s, "w2", at(63_000), time.Minute, 10)
	if len(again) != 1 || again[0].ID != js[1].ID {
		t.Fatalf("after the lease: claimed %+v, want job %d", again, js[1].ID)
	}
}

// testJobsNextDue: the earliest time a job can be claimed — its due time,
// or its lease's end while it is leased.
func testJobsNextDue(t *testing.T, s store.Store) {
	ctx := t.Context()
	same(t, "NextDue of an empty store", nextDue(t, s), time.Time{})
	scheduleJobs(t, s, 5000, 2000)
	same(t, "NextDue", nextDue(t, s), at(2000))
	scheduleJobs(t, s, 1500)
	same(t, "NextDue with another game's earlier job", nextDue(t, s), at(1500))
	js := claim(t, s, "w1", at(2000), 10*time.Second, 10) // 1500 and 2000, leased to 12000
	if len(js) != 2 {
		t.Fatalf("claimed %d, want 2", len(js))
	}
	same(t, "NextDue with the early jobs leased", nextDue(t, s), at(5000))
	check(t, "CompleteJob", s.CompleteJob(ctx, js[0].ID, "w1"))
	claim(t, s, "w1", at(5000), 20*time.Second, 10) // 5000, leased to 25000
	same(t, "NextDue with every job leased", nextDue(t, s), at(12_000))
	check(t, "CompleteJob", s.CompleteJob(ctx, js[1].ID, "w1"))
	same(t, "NextDue with one leased job", nextDue(t, s), at(25_000))
}

// testJobsClaimRace: owners claiming at once never get the same job, and
// between them get every due job exactly once.
func testJobsClaimRace(t *testing.T, s store.Store) {
	const njobs, owners = 60, 4
	var dues []int
	for i := 0; i < njobs; i++ {
		dues = append(dues, 1000+i%7)
	}
	scheduleJobs(t, s, dues...)
	got := make([][]int64, owners)
	errs := make([]error, owners)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for w := 0; w < owners; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			owner := fmt.Sprintf("w%d", w)
			for {
				js, err := s.ClaimJobs(t.Context(), owner, at(2000), time.Minute, 3)
				if err != nil {
					errs[w] = err
					return
				}
				if len(js) == 0 {
					return
				}
				for _, j := range js {
					if j.LeaseOwner != owner {
						errs[w] = fmt.Errorf("%s claimed job %d leased to %q", owner, j.ID, j.LeaseOwner)
						return
					}
					got[w] = append(got[w], j.ID)
				}
			}
		}()
	}
	close(start)
	wg.Wait()
	seen := map[int64]string{}
	for w := range got {
		check(t, fmt.Sprintf("ClaimJobs by w%d", w), errs[w])
		for _, id := range got[w] {
			if prev, ok := seen[id]; ok {
				t.Fatalf("job %d claimed by %s and by w%d", id, prev, w)
			}
			seen[id] = fmt.Sprintf("w%d", w)
		}
	}
	if len(seen) != njobs {
		t.Fatalf("%d jobs claimed in all, want %d", len(seen), njobs)
	}
	// Each owner completes its own jobs; none can complete another's.
	for w := range got {
		for _, id := range got[w] {
			wantErr(t, "CompleteJob of another owner's job", s.CompleteJob(t.Context(), id, fmt.Sprintf("w%d", (w+1)%owners)), store.ErrLeaseLost)
			check(t, "CompleteJob", s.CompleteJob(t.Context(), id, fmt.Sprintf("w%d", w)))
		}
	}
	same(t, "NextDue after completing every job", nextDue(t, s), time.Time{})
}

func testJobsBadLimit(t *testing.T, s store.Store) {
	scheduleJobs(t, s, 1000)
	for _, limit := range []int{0, -1} {
		if js, err := s.ClaimJobs(t.Context(), "w1", at(2000), time.Minute, limit); err == nil {
			t.Fatalf("ClaimJobs with limit %d: %+v and no error", limit, js)
		}
	}
	if _, err := s.ClaimJobs(t.Context(), "", at(2000), time.Minute, 1); err == nil {
		t.Fatal("ClaimJobs with no owner: no error")
	}
	if _, err := s.ClaimJobs(t.Context(), "w1", at(2000), 0, 1); err == nil {
		t.Fatal("ClaimJobs with no lease: no error")
	}
	// The job is still there for a proper claim.
	if js := claim(t, s, "w1", at(2000), time.Minute, 1); len(js) != 1 {
		t.Fatalf("claimed %d jobs, want 1", len(js))
	}
}
