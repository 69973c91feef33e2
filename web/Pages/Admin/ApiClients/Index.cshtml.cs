using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.RazorPages;
using Prison.Db;
using Prison.Db.Api;
using Prison.Domain;
using Prison.Web.Forms;
using Prison.Web.Pages.Shared;
using Prison.Web.SignIn;

namespace Prison.Web.Pages.Admin.ApiClients;

/// <summary>
/// The API's machine clients, for headquarters admins: every client with its scopes, prisons and state; register one
/// (its secret shown on the answer, once, and kept only hashed), rotate its secret, disable, enable, delete.
/// <see cref="ApiClientRegistry"/> refuses an admin of some prisons and audits each act and each refusal.
/// </summary>
public sealed class IndexModel(ApiClientRegistry clients, PrisonDirectory directory) : PageModel
{
    public IReadOnlyList<ApiClient> Clients { get; private set; } = [];

    public IReadOnlyList<PrisonFacility> Prisons { get; private set; } = [];

    public NewApiClientForm NewClient { get; private set; } = new();

    /// <summary>Set only on the answer to a registration or a rotation.</summary>
    public (string Name, string Secret)? NewSecret { get; private set; }

    [TempData]
    public string? Message { get; set; }

    [TempData]
    public string? Refused { get; set; }

    public Task OnGetAsync(CancellationToken cancellationToken)
    {
        if (Refused is { } refused)
        {
            ModelState.AddModelError(string.Empty, refused);
        }

        return ListAsync(cancellationToken);
    }

    public async Task<IActionResult> OnPostAddAsync([Bind(Prefix = nameof(NewClient))] NewApiClientForm newClient, CancellationToken cancellationToken)
    {
        NewClient = newClient;
        if (ModelState.IsValid)
        {
            try
            {
                var name = NewClient.Name!.Trim();
                NewSecret = (name, await clients.AddAsync(name, NewClient.Scopes, NewClient.Access, cancellationToken));
                Message = null;
                ModelState.Clear();
                NewClient = new NewApiClientForm();
            }
            catch (ChangeRefusedException refused)
            {
                ModelState.AddRefusal(refused, NewApiClientForm.Fields);
            }
        }

        await ListAsync(cancellationToken);
        return Page();
    }

    public async Task<IActionResult> OnPostRotateAsync(string name, CancellationToken cancellationToken)
    {
        try
        {
            NewSecret = (name.Trim(), await clients.RotateAsync(name, cancellationToken));
        }
        catch (ChangeRefusedException refused)
        {
            ModelState.AddRefusal(refused);
        }

        await ListAsync(cancellationToken);
        return Page();
    }

    public Task<IActionResult> OnPostDisableAsync(string name, CancellationToken cancellationToken) =>
        ChangeAsync(() => clients.DisableAsync(name, cancellationToken), $"Disabled {name}: it gets no token, and the tokens it holds are refused within seconds.");

    public Task<IActionResult> OnPostEnableAsync(string name, CancellationToken cancellationToken) =>
        ChangeAsync(() => clients.EnableAsync(name, cancellationToken), $"Enabled {name}.");

    public Task<IActionResult> OnPostDeleteAsync(string name, CancellationToken cancellationToken) =>
        ChangeAsync(() => clients.DeleteAsync(name, cancellationToken), $"Deleted {name}. The audit log keeps what it did.");

    private async Task ListAsync(CancellationToken cancellationToken)
    {
        // A limited admin sees the page refuse each act; the list itself names no prisoner.
        Clients = PrisonScope.Of(User).IsEverywhere ? await clients.ListAsync(cancellationToken) : [];
        Prisons = [.. (await directory.AllAsync(cancellationToken)).OrderBy(p => p.Code, StringComparer.Ordinal)];
    }

    private async Task<IActionResult> ChangeAsync(Func<Task> change, string done)
    {
        try
        {
            await change();
            Message = done;
        }
        catch (ChangeRefusedException refused)
        {
            Refused = refused.Message;
        }

        return RedirectToPage();
    }
}
