using Prison.Domain;

namespace Prison.Db.Demo;

/// <summary>
/// The prisons and prisoners the embedded mode starts with: <see cref="Prisoners"/> held today, and
/// <see cref="Released"/> those released over the days the demo replays.
/// </summary>
public sealed record DemoData(IReadOnlyList<PrisonFacility> Prisons, IReadOnlyList<Prisoner> Prisoners, IReadOnlyList<Prisoner> Released);
