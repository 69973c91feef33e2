using System.Diagnostics;
using System.Globalization;
using System.Net.Http.Json;
using System.Text.Json;

namespace Prison.Faults.Tests;

/// <summary>
/// A Prometheus server of one test's own (Debian's package, which scripts/test-servers.sh installs), scraping the
/// given targets every second, and its HTTP API.
/// </summary>
public sealed class PrivatePrometheus : IAsyncDisposable
{
    private readonly Process _process;
    private readonly string _folder;
    private readonly HttpClient _api;
    private readonly System.Collections.Concurrent.ConcurrentQueue<string> _log = new();

    private PrivatePrometheus(Process process, string folder, int port)
    {
        _process = process;
        _folder = folder;
        _api = new HttpClient { BaseAddress = new Uri($"http://127.0.0.1:{port}/"), Timeout = TimeSpan.FromSeconds(10) };
    }

    /// <param name="targets">Job name to its scrape address (host and port; the path is /metrics).</param>
    public static async Task<PrivatePrometheus> StartAsync(IReadOnlyDictionary<string, Uri> targets)
    {
        var folder = Directory.CreateTempSubdirectory("prison-prometheus-").FullName;
        var jobs = string.Concat(targets.Select(target => $"""
              - job_name: {target.Key}
                static_configs:
                  - targets: ['{target.Value.Authority}']

            """));
        await File.WriteAllTextAsync(Path.Combine(folder, "prometheus.yml"), $"""
            global:
              scrape_interval: 1s
              evaluation_interval: 1s
            scrape_configs:
            {jobs}
            """);
        var port = FreePort();
        var start = new ProcessStartInfo(TestServers.Prometheus) { RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (var argument in new[]
        {
            $"--config.file={Path.Combine(folder, "prometheus.yml")}", $"--storage.tsdb.path={Path.Combine(folder, "data")}",
            $"--web.listen-address=127.0.0.1:{port}",
        })
        {
            start.ArgumentList.Add(argument);
        }

        var process = Process.Start(start)!;
        var prometheus = new PrivatePrometheus(process, folder, port);
        process.OutputDataReceived += (_, line) => prometheus.Keep(line.Data);
        process.ErrorDataReceived += (_, line) => prometheus.Keep(line.Data);
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        await Eventually.Async(prometheus.IsReadyAsync, ready => ready, "Prometheus ready", TimeSpan.FromSeconds(60));
        return prometheus;
    }

    /// <summary>The query's value now, added up over its series; null when it has none.</summary>
    public async Task<double?> ValueAsync(string query)
    {
        using var document = await _api.GetFromJsonAsync<JsonDocument>($"api/v1/query?query={Uri.EscapeDataString(query)}");
        var data = document!.RootElement.GetProperty("data");
        var results = data.GetProperty("result").EnumerateArray().ToList();
        return results.Count == 0
            ? null
            : results.Sum(result => double.Parse(result.GetProperty("value")[1].GetString()!, CultureInfo.InvariantCulture));
    }

    /// <summary>The names of the series Prometheus holds, of every job.</summary>
    public async Task<IReadOnlyList<string>> MetricNamesAsync()
    {
        using var document = await _api.GetFromJsonAsync<JsonDocument>("api/v1/label/__name__/values");
        return [.. document!.RootElement.GetProperty("data").EnumerateArray().Select(name => name.GetString()!)];
    }

    public async ValueTask DisposeAsync()
    {
        _api.Dispose();
        if (!_process.HasExited)
        {
            _process.Kill(entireProcessTree: true);
            await _process.WaitForExitAsync();
        }

        _process.Dispose();
        Directory.Delete(_folder, recursive: true);
    }

    public static int FreePort()
    {
        for (var attempt = 0; attempt < 100; attempt++)
        {
            var port = Random.Shared.Next(20000, 40000);
            if (TestServersScript.IsFree(port))
            {
                return port;
            }
        }

        throw new InvalidOperationException("No free port for Prometheus.");
    }

    private void Keep(string? line)
    {
        if (line is not null)
        {
            _log.Enqueue(line);
        }
    }

    private async Task<bool> IsReadyAsync()
    {
        if (_process.HasExited)
        {
            throw new InvalidOperationException($"Prometheus exited with {_process.ExitCode}:\n{string.Join('\n', _log)}");
        }

        try
        {
            using var response = await _api.GetAsync("-/ready");
            return response.IsSuccessStatusCode;
        }
        catch (HttpRequestException)
        {
            return false;
        }
    }
}
