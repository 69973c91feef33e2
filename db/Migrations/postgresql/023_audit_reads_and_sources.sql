-- The audit log records reads of prisoner data beyond the prisoner page (the search with its terms, the lists, the
-- dashboard, since last shift), sign-outs, operators' job runs and pages refused because what they asked for is beyond
-- the user's prisons: audit_entry.action gains SignedOut, PrisonersSearched, PrisonersListed, DashboardViewed,
-- ShiftChangesViewed, OutOfReach and JobRun, names its varchar(32) holds.
-- remote_address (006), written for sign-ins only until now, is where every entry came from: the client's address for
-- a request, "command line on HOST" or the machine for a process. Entries written before keep it empty.

-- The audit page's "kind" filter: every entry of one kind, newest first.
CREATE INDEX audit_entry_by_action ON audit_entry (action, at DESC, id DESC);
