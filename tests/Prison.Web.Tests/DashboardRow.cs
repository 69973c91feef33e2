namespace Prison.Web.Tests;

/// <summary>One prisoner's row of the dashboard as the page shows it: Arrived, Number, Name, Legal status, Danger, Why.</summary>
public sealed record DashboardRow(Guid PrisonerId, string Status, IReadOnlyList<string> Cells)
{
    public string Number => Cells[1];

    public string Badge => Cells[4];

    public string Reasons => Cells[5];
}
