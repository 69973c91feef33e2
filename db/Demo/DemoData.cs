using Prison.Domain;

namespace Prison.Db.Demo;

/// <summary>The prisons and prisoners the embedded mode starts with.</summary>
public sealed record DemoData(IReadOnlyList<PrisonFacility> Prisons, IReadOnlyList<Prisoner> Prisoners);
