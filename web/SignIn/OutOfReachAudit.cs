using Prison.Db;
using Prison.Db.Audit;
using Prison.Domain;
using Prison.Web.Pages.Shared;

namespace Prison.Web.SignIn;

/// <summary>
/// A page or poll that answers 404 because the prison or prisoner it asks for is beyond the user's prisons
/// (<see cref="PrisonScope"/>) writes an entry saying what was asked. The answer stays the 404 of something that does
/// not exist; what does not exist writes nothing, so a mistyped address is not an incident. A poll refused this way
/// reloads its page, which answers 404 too: one probe, two entries, never one every few seconds.
/// </summary>
public static class OutOfReachAudit
{
    /// <summary>For a prison code that named no prison within reach: an entry when a prison of that code exists.</summary>
    public static async Task PrisonAsync(HttpContext context, string code, CancellationToken cancellationToken)
    {
        var directory = context.RequestServices.GetRequiredService<PrisonDirectory>();
        if ((await directory.AllAsync(cancellationToken)).FirstOrDefault(p => string.Equals(p.Code, code, StringComparison.OrdinalIgnoreCase)) is { } prison)
        {
            await WriteAsync(context, AuditEntry.OutOfReach($"{Asked(context)}, the prison {prison.Code}").Concerning([prison.Id]), cancellationToken);
        }
    }

    /// <summary>For a prisoner who exists but is not held now at one of the user's prisons.</summary>
    public static Task PrisonerAsync(HttpContext context, Guid prisonerId, string prisonerNumber, CancellationToken cancellationToken) =>
        WriteAsync(context, AuditEntry.OutOfReach($"{Asked(context)}, the prisoner {prisonerNumber}", prisonerId, prisonerNumber), cancellationToken);

    /// <inheritdoc cref="PrisonerAsync(HttpContext, Guid, string, CancellationToken)"/>
    public static Task PrisonerAsync(HttpContext context, Prisoner prisoner, CancellationToken cancellationToken) =>
        PrisonerAsync(context, prisoner.Id, prisoner.Number, cancellationToken);

    private static string Asked(HttpContext context) =>
        $"{context.Request.Method} {context.Request.PathBase}{context.Request.Path}{context.Request.QueryString}";

    private static async Task WriteAsync(HttpContext context, AuditEntry entry, CancellationToken cancellationToken)
    {
        var db = context.RequestServices.GetRequiredService<PrisonDb>();
        db.AuditEntries.Add(entry);
        await db.SaveChangesAsync(cancellationToken);
    }
}
