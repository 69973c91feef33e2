namespace Prison.Web.Pages.Prisons.ComingUp;

/// <summary>One page of a prison's "Coming up", earliest first; <see cref="Next"/> is where the next page starts, null on the last.</summary>
public sealed record ComingUpPage(IReadOnlyList<ComingUpRow> Rows, ComingUpCursor? Next);
