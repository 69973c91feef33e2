using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.Extensions.DependencyInjection;
using Prison.Worker;

namespace Prison.Testing;

/// <summary>A real worker host (consumers, jobs, health endpoints) on the test servers, inside the test process.</summary>
public sealed class RunningWorker : IAsyncDisposable
{
    private RunningWorker(WebApplication app) => App = app;

    public WebApplication App { get; }

    public IServiceProvider Services => App.Services;

    public Uri Address => new(App.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.First());

    public static Task<RunningWorker> StartAsync(ScratchDatabase database, string queuePrefix, TimeProvider? clock = null, params string[] more) =>
        StartAsync(database.ConnectionString, queuePrefix, clock, null, more);

    /// <param name="connectionString">The database as another role than the scratch database's own (an application role).</param>
    /// <param name="services">Registrations after the worker's own: a test's way to watch a service.</param>
    public static async Task<RunningWorker> StartAsync(string connectionString, string queuePrefix, TimeProvider? clock = null, Action<IServiceCollection>? services = null, params string[] more)
    {
        var app = await WorkerApp.BuildAsync(ServerArguments.For(connectionString, TestServers.RabbitMq, queuePrefix, more), builder =>
        {
            if (clock is not null)
            {
                builder.Services.AddSingleton(clock);
            }

            services?.Invoke(builder.Services);
        });
        await app.StartAsync();
        var worker = new RunningWorker(app);
        try
        {
            await worker.ReadyAsync();
        }
        catch
        {
            await worker.DisposeAsync();
            throw;
        }

        return worker;
    }

    /// <summary>
    /// Waits as an orchestrator would for the host to say it is ready: the host's start returns before its bus has
    /// declared and bound its queues, and a message published before then reaches no queue.
    /// </summary>
    private async Task ReadyAsync()
    {
        using var client = new HttpClient { BaseAddress = Address };
        await Eventually.Async(
            async () =>
            {
                using var response = await client.GetAsync("/health/ready");
                return $"{(int)response.StatusCode} {await response.Content.ReadAsStringAsync()}";
            },
            answer => answer.StartsWith("200 {\"status\":\"Healthy\"", StringComparison.Ordinal),
            $"the worker at {Address} to be ready",
            TimeSpan.FromSeconds(30));
    }

    public async ValueTask DisposeAsync()
    {
        await App.StopAsync();
        await App.DisposeAsync();
    }
}
