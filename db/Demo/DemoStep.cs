using Prison.Domain;

namespace Prison.Db.Demo;

/// <summary>
/// What staff record for one demo prisoner at one moment of the replayed past: the prisoner's first record (when
/// <see cref="Create"/> is set) or changes to it through the aggregate's own methods, in order. <see cref="Slot"/>
/// orders the moments of a day (0 the first of <see cref="DemoHistory.SlotsPerDay"/>).
/// </summary>
public sealed record DemoStep(DateOnly Day, int Slot, string Number, Func<Prisoner>? Create, IReadOnlyList<Action<Prisoner>> Changes);
