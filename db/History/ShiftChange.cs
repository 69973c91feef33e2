using Prison.Domain;

namespace Prison.Db.History;

/// <summary>A change of "Since last shift": the change, and the prisoner it is about as the page shows them now.</summary>
public sealed record ShiftChange(VerdictChange Change, string Number, string Name, DangerStatus StatusNow);
