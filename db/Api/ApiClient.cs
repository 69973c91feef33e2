using Prison.Db.Identity;

namespace Prison.Db.Api;

/// <summary>A machine client of the API as listed: its name (the OAuth client id), scopes, prisons and whether it is disabled.</summary>
/// <param name="PrisonIds">The prisons it reaches, none when <see cref="Prisons"/> is all of them.</param>
/// <param name="Stamp">Changes when its secret is rotated or it is disabled or enabled: a token of another stamp is refused.</param>
public sealed record ApiClient(string Name, IReadOnlyList<string> Scopes, PrisonAccess Prisons, IReadOnlyList<int> PrisonIds, bool Disabled, string Stamp);
