// Anchors the resources library; the compiled-in files are registered by qt_add_resources.
namespace ae {
/// Present so that the resources library is never empty.
int resourcesVersion()
{
    return 1;
}
} // namespace ae
