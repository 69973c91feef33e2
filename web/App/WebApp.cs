using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.Extensions.FileProviders;
using Prison.Web.Events;
using Prison.Web.Api;
using Prison.Web.Forms;
using Prison.Web.Pages.Admin.Rules;
using Prison.Web.Pages.Operations;
using Prison.Web.Pages.Prisoners;
using Prison.Web.Pages.Prisons.Dashboard;
using Prison.Web.Pages.Prisons.SinceLastShift;
using Prison.Web.SignIn;
using Prison.Web.Demo;
using Prison.Web.Network;
using Prison.Web.Pages.Shared;
using Prison.Web.Wording;
using Prison.Runtime;
using Prison.Runtime.Evaluation;
using Prison.ServiceDefaults;
using Prison.ServiceDefaults.Telemetry;

namespace Prison.Web.App;

/// <summary>The dashboard. With nothing configured it is the whole product in one process (embedded mode).</summary>
public static class WebApp
{
    public static async Task<WebApplication> BuildAsync(string[] args, Action<WebApplicationBuilder>? configure = null, CancellationToken cancellationToken = default)
    {
        // Named after this assembly, not the process's entry point, so the pages are found when a test or a
        // benchmark hosts the dashboard.
        var builder = WebApplication.CreateBuilder(new WebApplicationOptions { Args = args, ApplicationName = typeof(WebApp).Assembly.GetName().Name });
        var settings = builder.AddPrison(announceDataFolder: false);
        builder.AddPrisonTelemetry("prison-web", hostsWorker: settings.RabbitMq is null);
        builder.AddStaffSignIn(settings);
        builder.AddPrisonApi(StaffSignIn.SecureTransport(builder, settings));
        var behindProxy = builder.Services.AddTrustedProxies(builder.Configuration);
        builder.Services.AddRazorPages(options =>
        {
            options.AuthorizeStaffPages();
            options.Conventions.ConfigureFilter(new PrisonPageFilter());
        }).AddForms();
        builder.Services.AddMemoryCache();
        builder.Services.AddSingleton<RuleTitles>();
        builder.Services.AddSingleton<PrisonTime>();
        builder.Services.AddScoped<PrisonDirectory>();
        builder.Services.AddSingleton(LongestShiftSpan.From(builder.Configuration));
        builder.Services.AddScoped<Prison.Web.Pages.Prisoners.Recording.RecordSave>();
        var stampReuse = DashboardStamps.ReuseFrom(builder.Configuration);
        builder.Services.AddSingleton(provider => new DashboardStamps(provider.GetRequiredService<TimeProvider>(), stampReuse));
        builder.Services.AddRulesPage();
        builder.Services.AddPrisonAudit();
        // A year (ASVS 14.4.5), renewed by every answer over HTTPS; no subdomains: the agency's other hosts are not ours to bind.
        builder.Services.AddHsts(options => options.MaxAge = TimeSpan.FromDays(365));
        if (settings.RabbitMq is not null)
        {
            // The workers run the jobs; web only reads their storage, for the operations page and Hangfire's
            // dashboard, and asks a worker by message to act on them. (Embedded, AddPrison gave web the jobs to run itself.)
            builder.Services.AddPrisonJobs(settings, runJobs: false);
        }

        configure?.Invoke(builder);
        await StartupChecks.EnsureReachableAsync(settings, cancellationToken);

        var app = builder.Build();
        app.Environment.WebRootFileProvider = new CompositeFileProvider(
            app.Environment.WebRootFileProvider, new EmbeddedFileProvider(typeof(WebApp).Assembly, "Prison.Web.wwwroot"));
        if (settings.IsEmbedded)
        {
            await app.Services.MigratePrisonDatabaseAsync(cancellationToken);
            await app.Services.AbandonRunsLeftInMemoryAsync(cancellationToken);
        }

        if (settings.IsDemo)
        {
            await app.Services.SeedDemoDataAsync(cancellationToken);
            var demoUsers = await app.Services.CreateDemoUsersAsync(app.Configuration, cancellationToken);
            app.Lifetime.ApplicationStarted.Register(() => AnnounceAddresses(app, settings, demoUsers.Created, demoUsers.GeneratedPassword));
        }

        // The rules now, once the database is migrated and before anything evaluates: the approved assemblies of
        // Rules:Folder are read here, and a problem with one stops the start.
        app.Services.GetRequiredService<CurrentRules>();

        // Only where web runs the jobs itself (no broker): otherwise the workers own the schedule.
        app.Services.RegisterPrisonSchedule();

        // First: the rate limit, the audit's source address and HSTS all read the client's address and scheme.
        if (behindProxy)
        {
            app.UseForwardedHeaders();
        }

        app.UseSecurityHeaders();
        if (!app.Environment.IsDevelopment())
        {
            app.UseExceptionHandler("/error");
        }

        // Over HTTPS only, as browsers take it; the embedded mode is tried over plain http://localhost.
        if (!settings.IsDemo && !app.Environment.IsDevelopment())
        {
            app.UseHsts();
        }

        app.UseStatusCodePagesWithReExecute("/not-found");
        app.UseApiProblems();
        app.UseStaticFiles();
        app.UseRouting();
        app.UseAuthentication();
        app.UseTwoFactorEnrolment();
        app.UsePasswordChange();
        app.UseAuthorization();
        // After authorization: a download's limit is per signed-in user, and counts only those allowed to download.
        app.UseRateLimiter();
        app.UseAntiforgery();
        app.MapRazorPages();
        app.MapDashboardPoll();
        app.MapVerdictPoll();
        app.MapRunProgress();
        app.MapPrisonApi();
        app.MapJobsDashboard();
        app.MapPrisonHealth();
        app.MapAsyncApiDocument();
        return app;
    }

    private static void AnnounceAddresses(WebApplication app, PrisonSettings settings, IReadOnlyList<string> createdDemoUsers, string? demoPassword)
    {
        var addresses = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()?.Addresses ?? [];
        foreach (var address in addresses)
        {
            Console.WriteLine($"Prison dashboard (embedded mode, demo data) at {address}");
        }

        if (settings.DataFolderAnnouncement is { } announcement)
        {
            Console.WriteLine(announcement);
        }

        // Printed once, on the start that created the demo users: it is stored nowhere else. Users added to the demo
        // since an earlier start get a password of their own, which the earlier ones do not share.
        var everyone = string.Join(", ", DemoUsers.All.Select(u => u.Name));
        var earlier = DemoUsers.All.Select(u => u.Name).Except(createdDemoUsers).ToList();
        Console.WriteLine(demoPassword is null
            ? $"Sign in as {everyone} (password: {DemoUsers.PasswordKey}, or the one printed at the first start)."
            : $"Sign in as {string.Join(", ", createdDemoUsers)} with the password {demoPassword} (shown this once; set {DemoUsers.PasswordKey} to choose it)."
              + (earlier.Count == 0 ? string.Empty : $" {string.Join(", ", earlier)}: the password printed at an earlier start."));
    }
}
