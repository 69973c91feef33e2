namespace Prison.Db.Reads;

/// <summary>The answer to an open dashboard's poll: the prison's stamp now, and the dashboard when it is not the page's.</summary>
public sealed record PolledDashboard(DashboardStamp Stamp, PrisonDashboard? Changed);
