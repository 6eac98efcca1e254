// SPDX-License-Identifier: GPL-2.0
/*
 * A backlight class device with no hardware behind it, for panel-kiosk's VM tests: QEMU
 * offers no backlight, and the kiosk's blanking, the udev rule and the service's sandbox
 * need the kernel's own sysfs attributes (brightness, bl_power, max_brightness) to act on.
 * Every change the kernel accepts is logged, so a test can read what reached the "panel".
 */
#include <linux/backlight.h>
#include <linux/err.h>
#include <linux/module.h>

static struct backlight_device *panel_bl;

static int panel_test_bl_update_status(struct backlight_device *bl)
{
	pr_info("panel_test_bl: brightness %d power %d\n", bl->props.brightness, bl->props.power);
	return 0;
}

static const struct backlight_ops panel_test_bl_ops = {
	.update_status = panel_test_bl_update_status,
};

static int __init panel_test_bl_init(void)
{
	struct backlight_properties props = {
		.type = BACKLIGHT_RAW,
		.max_brightness = 255,
		.brightness = 200,
		.power = 0, /* on (FB_BLANK_UNBLANK, BACKLIGHT_POWER_ON) */
	};

	panel_bl = backlight_device_register("panel-test", NULL, NULL, &panel_test_bl_ops, &props);
	return PTR_ERR_OR_ZERO(panel_bl);
}

static void __exit panel_test_bl_exit(void)
{
	backlight_device_unregister(panel_bl);
}

module_init(panel_test_bl_init);
module_exit(panel_test_bl_exit);
MODULE_DESCRIPTION("A backlight without hardware, for panel-kiosk's VM tests");
MODULE_LICENSE("GPL");
