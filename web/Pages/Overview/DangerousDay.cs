namespace Prison.Web.Pages.Overview;

/// <summary>A prison's Dangerous count at the end of a UTC day (today: now); null for a day before the figures were kept.</summary>
public sealed record DangerousDay(DateOnly Day, int? Dangerous);
