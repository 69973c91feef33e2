using Prison.Db.Runs;

namespace Prison.Runtime.Runs;

/// <summary>The run a request started, or the one already going that it joined instead.</summary>
public sealed record RunStart(ReevaluationRun Run, bool Joined);
